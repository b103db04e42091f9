import { http, type RequestHandler } from 'msw';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';

/**
 * MSW 2 request handlers that answer from a sandbox: every request under `baseUrl` (default the
 * sandbox's `url`) goes to `sandbox.fetch`; other requests pass through to your other handlers.
 */
export function handlers(sandbox: Sandbox, options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = `${(options.baseUrl ?? sandbox.url).replace(/\/$/, '')}/`;
  // A predicate, not a path pattern: MSW's pattern matching decodes the path and throws on bad
  // percent-encoding, which the sandbox answers with a 400 of its own.
  return [
    http.all(
      ({ request }) => request.url.startsWith(base),
      ({ request }) => sandbox.fetch(request),
    ),
  ];
}

/** A new sandbox and its MSW handlers: `setupServer(...createSandboxHandlers().handlers)`. */
export function createSandboxHandlers(options: SandboxOptions & { baseUrl?: string } = {}): {
  sandbox: Sandbox;
  handlers: RequestHandler[];
} {
  const sandbox = createSandbox(options);
  return { sandbox, handlers: handlers(sandbox, { baseUrl: options.baseUrl }) };
}
