import { redactValue, type Secrets } from './redact.js';

/** Receives debug lines when given to `createClient({ logger })`; nothing is logged by default. */
export interface Logger {
  /** May be async; whatever it throws or rejects with is ignored. */
  debug(message: string, meta: Record<string, unknown>): void;
}

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
