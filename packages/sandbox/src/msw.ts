import { http, type RequestHandler } from 'msw';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';

/**
 * The origin and path prefix of a base URL, by the client's rules (an absolute http(s) URL without
 * credentials, query or fragment). The client does not export its check, so it is restated here;
 * the TypeError never quotes the URL (it may carry credentials).
 */
function baseOf(value: unknown): { origin: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new TypeError('baseUrl must be an absolute http(s) URL');
  }
  if (typeof value !== 'string' || !/^https?:$/.test(url.protocol))
    throw new TypeError('baseUrl must be an absolute http(s) URL');
  if (url.username || url.password) throw new TypeError('baseUrl must not contain credentials (user:pass@)');
  if (url.search || value.includes('?')) throw new TypeError('baseUrl must not contain a query (?…)');
  if (url.hash || value.includes('#')) throw new TypeError('baseUrl must not contain a fragment (#…)');
  // `URL` lower-cases the host and drops a default port, so `origin` compares as the client sends.
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * MSW 2 request handlers that answer from a sandbox: every request under `baseUrl` (default the
 * sandbox's `url`; a path prefix is honoured and taken off) goes to `sandbox.fetch`; other requests
 * pass through to your other handlers. A `baseUrl` the client would refuse is refused here too.
 */
export function handlers(sandbox: Sandbox, options: { baseUrl?: string } = {}): RequestHandler[] {
  const { origin, prefix } = baseOf(options.baseUrl ?? sandbox.url);
  // A predicate, not a path pattern: MSW's pattern matching decodes the path and throws on bad
  // percent-encoding, which the sandbox answers with a 400 of its own.
  const under = (url: URL) =>
    url.origin === origin &&
    (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  return [
    http.all(
      ({ request }) => under(new URL(request.url)),
      ({ request }) => {
        if (prefix === '') return sandbox.fetch(request);
        const url = new URL(request.url);
        // Built as text: `new URL('//host/…', base)` would read a doubled slash as another host.
        const target = `${url.origin}${url.pathname.slice(prefix.length) || '/'}${url.search}`;
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        return sandbox.fetch(
          new Request(target, {
            method: request.method,
            headers: request.headers,
            body: hasBody ? request.body : null,
            signal: request.signal,
            // @ts-expect-error: Node's fetch needs `duplex` for a streamed body; the DOM RequestInit type does not list it.
            duplex: 'half',
          }),
        );
      },
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
