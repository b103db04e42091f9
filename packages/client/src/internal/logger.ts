import type { Logger } from '../logger.js';
import { redactValue, type Secrets } from './redact.js';

const ignore = (): void => {};

/**
 * Sends one line to the logger, redacted; callers check `logger` first so the hot path builds no meta.
 * Logging never changes a call's outcome: a throw is swallowed, a rejection is caught.
 */
export function logDebug(
  logger: Logger,
  secrets: Secrets,
  message: string,
  meta: Record<string, unknown>,
): void {
  try {
    const result: unknown = logger.debug(
      secrets.redact(message),
      redactValue(meta, secrets) as Record<string, unknown>,
    );
    if (typeof (result as PromiseLike<unknown> | null)?.then === 'function')
      (result as PromiseLike<unknown>).then(undefined, ignore);
  } catch {
    // A broken logger must not turn a created order into an error the caller would retry.
  }
}
