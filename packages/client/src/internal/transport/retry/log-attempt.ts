import { requestIdOf } from '../../../request-id.js';
import type { ClientLog } from '../../logger.js';
import type { Secrets } from '../../redact.js';
import type { Reply } from '../reply/reply.js';
import { RETRYABLE_STATUSES } from './retry-policy.js';

/**
 * What the transport logs: every attempt at debug; every retry at info (what failed, the wait); a call
 * that gives up on a retryable failure after retrying at warn (429, 408: the service shed load) or
 * at error (5xx, no response: the service or the network failed). The caller gets the error either way.
 */
export function logAttempt(
  logger: ClientLog,
  secrets: Secrets,
  method: string,
  url: string,
  retry: number,
  started: number,
  outcome: {
    status?: number;
    error?: string;
    retryInMs?: number | undefined;
    reply?: Reply;
    notRetryable?: boolean;
  },
): void {
  const { reply, notRetryable, ...rest } = outcome;
  const line = `svc ${method} ${url}`;
  const attempt = retry + 1;
  const what = outcome.status === undefined ? (outcome.error ?? 'failed') : `answered ${outcome.status}`;
  if (logger.enabled('debug'))
    logger.log('debug', secrets, line, {
      method,
      url,
      attempt,
      durationMs: Date.now() - started,
      ...(reply && { requestId: requestIdOf(reply.headers) }),
      ...rest,
    });
  if (outcome.retryInMs !== undefined) {
    logger.log('info', secrets, `${line}: attempt ${attempt} ${what}; retrying in ${outcome.retryInMs} ms`, {
      attempt,
      ...rest,
    });
  } else if (
    retry > 0 &&
    !notRetryable &&
    (outcome.status === undefined || RETRYABLE_STATUSES.has(outcome.status))
  ) {
    const level = outcome.status === 408 || outcome.status === 429 ? 'warn' : 'error';
    logger.log(level, secrets, `${line}: gave up after ${attempt} attempts; the last ${what}`, {
      attempts: attempt,
      ...rest,
    });
  }
}
