/** How much the client logs: each level includes the ones after it; `'off'` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/**
 * Receives the client's log lines, already redacted; `console` fits. Each method may be async: whatever
 * it throws or rejects with is ignored, so logging never changes a call's outcome.
 */
export interface Logger {
  debug(message: string, meta: Record<string, unknown>): void;
  info(message: string, meta: Record<string, unknown>): void;
  warn(message: string, meta: Record<string, unknown>): void;
  error(message: string, meta: Record<string, unknown>): void;
}
