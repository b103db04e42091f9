import { requestIdOf } from '../../../request-id.js';
import type { ClientLog } from '../../logger.js';
import type { Secrets } from '../../redact.js';
import type { Outgoing } from '../http-client.js';
import type { Reply } from '../reply/reply.js';
import { isFinal, RETRYABLE_STATUSES } from './retry-policy.js';

/**
 * What the transport logs: every attempt at debug; every retry at info (what failed, the wait); a call
 * that gives up on a retryable failure after retrying at warn (429, 408: the service shed load) or
 * at error (5xx, no response: the service or the network failed). The caller gets the error either way.
 * An attempt ends with its `reply`, else its `failure`; `retryInMs` is the wait before the next one.
 */
export function logAttempt(
  logger: ClientLog,
  secrets: Secrets,
  { method, url }: Outgoing,
  retry: number,
  started: number,
  retryInMs: number | undefined,
  reply: Reply | undefined,
  failure: unknown,
): void {
  const status = reply?.status;
  const rest = reply ? { status, retryInMs } : { error: String(failure), retryInMs };
  const line = `svc ${method} ${url}`;
  const attempt = retry + 1;
  const what = reply ? `answered ${status}` : rest.error;
  if (logger.enabled('debug'))
    logger.log('debug', secrets, line, {
      method,
      url,
      attempt,
      durationMs: Date.now() - started,
      ...(reply && { requestId: requestIdOf(reply.headers) }),
      ...rest,
    });
  if (retryInMs !== undefined) {
    logger.log('info', secrets, `${line}: attempt ${attempt} ${what}; retrying in ${retryInMs} ms`, {
      attempt,
      ...rest,
    });
  } else if (retry > 0 && (status === undefined ? !isFinal(failure) : RETRYABLE_STATUSES.has(status))) {
    const level = status === 408 || status === 429 ? 'warn' : 'error';
    logger.log(level, secrets, `${line}: gave up after ${attempt} attempts; the last ${what}`, {
      attempts: attempt,
      ...rest,
    });
  }
}
