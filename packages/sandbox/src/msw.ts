import { http, type RequestHandler } from 'msw';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';

/**
 * MSW 2 request handlers that answer from a sandbox: every request under `baseUrl` (default the
 * sandbox's `url`) goes to `sandbox.fetch`; other requests pass through to your other handlers.
 */
export function handlers(sandbox: Sandbox, options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? sandbox.url).replace(/\/$/, '');
  return [http.all(`${base}/*`, ({ request }) => sandbox.fetch(request))];
}

/** A new sandbox and its MSW handlers: `setupServer(...createSandboxHandlers().handlers)`. */
export function createSandboxHandlers(options: SandboxOptions & { baseUrl?: string } = {}): {
  sandbox: Sandbox;
  handlers: RequestHandler[];
} {
  const sandbox = createSandbox(options);
  return { sandbox, handlers: handlers(sandbox, { baseUrl: options.baseUrl }) };
}
