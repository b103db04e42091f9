// The one place an answer becomes a typed error (errors.ts's factory): a refused redirect, whichever
// HttpClient received it, and a named call's answer that is not a success (call/call-operation.ts).
import { type ApiError, errorFromResponse } from '../../../errors.js';
import type { Secrets } from '../../redact.js';
import { type Reply, responseOf } from './reply.js';

/** The typed error of an answer: its class by status, its body's explanation, secrets redacted. */
export const answerError = (reply: Reply, body: unknown, what: string, secrets?: Secrets): ApiError =>
  errorFromResponse(responseOf(reply), body, what, secrets);

/** A 3xx other than 304: never followed (a cross-origin redirect would carry the API key along). */
export const isRedirect = (status: number): boolean => status >= 300 && status < 400 && status !== 304;

/** The reply, unless it is a redirect (a browser's is opaque, status 0): that fails the attempt. */
export function refuseRedirect<R extends Reply>(reply: R, what: string): R {
  if (isRedirect(reply.status) || (reply as { type?: string }).type === 'opaqueredirect')
    throw answerError(reply, undefined, what);
  return reply;
}
