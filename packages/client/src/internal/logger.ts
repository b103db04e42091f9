import { redactValue, type Secrets } from './redact.js';

/** Receives debug lines when given to `createClient({ logger })`; nothing is logged by default. */
export interface Logger {
  debug(message: string, meta: Record<string, unknown>): void;
}

/** Sends one line to the logger, redacted; callers check `logger` first so the hot path builds no meta. */
export function logDebug(
  logger: Logger,
  secrets: Secrets,
  message: string,
  meta: Record<string, unknown>,
): void {
  logger.debug(secrets.redact(message), redactValue(meta, secrets) as Record<string, unknown>);
}
