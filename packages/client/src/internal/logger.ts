import { ValidationError } from '../errors.js';
import type { Logger, LogLevel } from '../logger.js';
import { redactValue, type Secrets } from './redact.js';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/**
 * The level from the option, else `SVC_LOG`, else `'warn'`. A bad option is a ValidationError; a bad
 * `SVC_LOG` only gets a warning (as in openai-node): a typo in a deployment's environment must not
 * stop the service that runs the client.
 */
export function logLevelOf(option: unknown, fromEnv: string | undefined, logger: Partial<Logger>): LogLevel {
  if (option !== undefined) {
    if (LOG_LEVELS.includes(option as LogLevel)) return option as LogLevel;
    throw new ValidationError('logLevel', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const value = fromEnv?.toLowerCase();
  if (value === undefined) return 'warn';
  if (LOG_LEVELS.includes(value as LogLevel)) return value as LogLevel;
  try {
    logger.warn?.(`SVC_LOG must be one of ${LOG_LEVELS.join(', ')}; logging at 'warn'`, {});
  } catch {
    // A broken logger changes nothing here either.
  }
  return 'warn';
}

const ignore = (): void => {};

/** A client's logger at its level: `enabled` is checked first so a quiet client builds no meta. */
export class ClientLog {
  readonly #logger: Partial<Logger>;
  readonly #level: LogLevel;
  constructor(logger: Partial<Logger>, level: LogLevel) {
    this.#logger = logger;
    this.#level = level;
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return RANK[level] >= RANK[this.#level];
  }

  /**
   * Sends one line, redacted, when the level is enabled. Logging never changes a call's outcome:
   * a throw is swallowed, a rejection is caught.
   */
  log(
    level: Exclude<LogLevel, 'off'>,
    secrets: Secrets,
    message: string,
    meta: Record<string, unknown>,
  ): void {
    if (!this.enabled(level)) return;
    try {
      const result: unknown = this.#logger[level]?.(
        secrets.redact(message),
        redactValue(meta, secrets) as Record<string, unknown>,
      );
      if (typeof (result as PromiseLike<unknown> | null)?.then === 'function')
        (result as PromiseLike<unknown>).then(undefined, ignore);
    } catch {
      // A broken logger must not turn a created order into an error the caller would retry.
    }
  }
}
