// The door of a page served on loopback (the sync's console, the sandbox's): DNS rebinding (a foreign
// name resolving to 127.0.0.1) shows as a Host the server was not reached by; a request sent from another
// site's page shows as a foreign Origin; a state change must also carry the token only the page can read.
// Each console words its own 403 and picks its token header; the checks are these.
import { timingSafeEqual } from 'node:crypto';

/**
 * What keeps a request from a loopback page: `host` when its Host (lower-cased) is none of the `host:port`
 * values the page is served under, `origin` when it carries an Origin other than the page's own
 * (`http://` + its Host); undefined when it may reach the page.
 */
export function foreignRequest(
  host: string | undefined,
  origin: string | undefined,
  hosts: ReadonlySet<string>,
): 'host' | 'origin' | undefined {
  const own = host?.toLowerCase();
  if (!own || !hosts.has(own)) return 'host';
  if (origin !== undefined && origin !== `http://${own}`) return 'origin';
  return undefined;
}

/**
 * The `host:port` values a page served on `host`:`port` is reached under: the loopback names as a
 * browser writes them, and the address it listens on (an IPv6 one in brackets).
 */
export function loopbackHosts(host: string, port: number): Set<string> {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new Set(['127.0.0.1', 'localhost', '[::1]', bracketed].map((name) => `${name}:${port}`));
}

/** Whether a sent token is the page's, compared in constant time (no timing tells how much matched). */
export function sameToken(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
