// The console's safety rules at its one door: a page on loopback that no other site can reach or act
// through. DNS rebinding (a foreign name resolving to 127.0.0.1) shows as a foreign Host; a request
// sent from another site's page shows as a foreign Origin; a state change must also carry the token
// only the console's own page can read.
import { foreignRequest, sameToken } from '@svc/server-edge/page-guard';

/** The header a state-changing request carries the page's token in. */
export const TOKEN_HEADER = 'x-svc-console-token';

/**
 * Where the page may be loaded from: every page's own origin. Only its origins are answered; `Origin`
 * and the token are checked on top of it.
 */
export interface PageGuard {
  /** `host:port` values the console answers to (`127.0.0.1:4011`, `localhost:4011`). */
  hosts: ReadonlySet<string>;
  /** The per-process token state-changing requests carry. */
  token: string;
}

/** Whether a bound address is loopback: the console is served on loopback only. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * Why a request may not reach the console (a sentence for the 403), or undefined when it may: a known
 * Host; an Origin, when sent, of the page's own; and for anything but a read, the page's own Origin,
 * a JSON body and the token.
 */
export function refusal(request: Request, guard: PageGuard): string | undefined {
  const origin = request.headers.get('origin');
  const foreign = foreignRequest(request.headers.get('host') ?? '', origin ?? undefined, guard.hosts);
  if (foreign === 'host')
    return 'The console answers only on its own loopback address (this Host is not it).';
  if (foreign === 'origin') return 'The console answers only its own page (this Origin is not it).';
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (origin === null) return 'A change needs the Origin header of the console page.';
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json'))
    return 'A change is sent as application/json.';
  if (!sameToken(request.headers.get(TOKEN_HEADER) ?? '', guard.token))
    return 'A change needs the token of the console page.';
  return undefined;
}
