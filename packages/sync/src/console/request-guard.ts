// Who may talk to the console: a page served from its own address. A DNS-rebinding page reaches the
// loopback port under a name of its own (its Host), and a foreign page's request carries its Origin:
// either gets 403. A state-changing request must also carry the per-process token the page was served.
import type { IncomingMessage } from 'node:http';
import { foreignRequest, sameToken } from '@svc/server-edge/page-guard';

const REFUSALS = {
  host: 'this console answers only under its own address',
  origin: 'a request from another origin',
} as const;

/** Why a request is refused (403), or undefined when it may be answered. */
export function refusal(request: IncomingMessage, hosts: ReadonlySet<string>): string | undefined {
  const foreign = foreignRequest(request.headers.host, request.headers.origin, hosts);
  return foreign && REFUSALS[foreign];
}

/** Whether a state-changing request is same-origin (an Origin is required) and carries the token. */
export function mayChange(request: IncomingMessage, token: string): boolean {
  if (request.headers.origin !== `http://${request.headers.host?.toLowerCase()}`) return false;
  const given = request.headers['x-console-token'];
  return typeof given === 'string' && sameToken(given, token);
}
