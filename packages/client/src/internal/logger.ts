import { redact, redactValue } from './redact.js';

/** Receives debug lines when given to `createClient({ logger })`; nothing is logged by default. */
export interface Logger {
  debug(message: string, meta: Record<string, unknown>): void;
}

/** Sends one line to the logger, redacted; callers check `logger` first so the hot path builds no meta. */
export function logDebug(logger: Logger, message: string, meta: Record<string, unknown>): void {
  logger.debug(redact(message), redactValue(meta) as Record<string, unknown>);
}
