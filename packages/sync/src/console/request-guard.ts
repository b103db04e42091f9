// Who may talk to the console: a page served from its own address. A DNS-rebinding page reaches the
// loopback port under a name of its own (its Host), and a foreign page's request carries its Origin:
// either gets 403. A state-changing request must also carry the per-process token the page was served.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The names the console answers to on `port`: the loopback names, and the address it listens on. */
export function allowedHosts(host: string, port: number): Set<string> {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new Set(['127.0.0.1', 'localhost', '[::1]', bracketed].map((name) => `${name}:${port}`));
}

/** Why a request is refused (403), or undefined when it may be answered. */
export function refusal(request: IncomingMessage, hosts: ReadonlySet<string>): string | undefined {
  const host = request.headers.host?.toLowerCase();
  if (!host || !hosts.has(host)) return 'this console answers only under its own address';
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'a request from another origin';
  return undefined;
}

/** Whether a state-changing request is same-origin (an Origin is required) and carries the token. */
export function mayChange(request: IncomingMessage, token: string): boolean {
  if (request.headers.origin !== `http://${request.headers.host?.toLowerCase()}`) return false;
  const given = request.headers['x-console-token'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
