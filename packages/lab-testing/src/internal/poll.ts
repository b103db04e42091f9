import { AbortError, type APIPromise, ValidationError } from '@svc/client';
import { PollTimeoutError } from '../errors.js';
import {
  DEFAULT_POLL_INITIAL_DELAY_MS,
  DEFAULT_POLL_MAX_DELAY_MS,
  DEFAULT_POLL_TIMEOUT_MS,
  MAX_POLL_MS,
  type PollOptions,
} from '../poll-options.js';
import { clockHintOf } from './sandbox-clock-hint.js';
import { sleep } from './sleep.js';

export interface PollConfig<T> extends PollOptions {
  /** Named in PollTimeoutError, e.g. `parsing job job_123`. */
  what: string;
  /** True once `value` is final: polling stops and resolves with it. */
  isDone(value: T): boolean;
  /** The stage of a value, for the timeout message. */
  stageOf?(value: T): string;
  /** The raw status of a value, for the timeout message: what was last seen. */
  statusOf?(value: T): unknown;
  /** Jitter source, injectable for tests. */
  random?: () => number;
}

function positive(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(field, 'must be a positive number of milliseconds');
  }
  // Above MAX_POLL_MS Node's timers fire at once: a 2^31 ms timeout would give up after zero reads.
  if (value > MAX_POLL_MS)
    throw new ValidationError(field, `must be at most ${MAX_POLL_MS} ms (about 24 days)`);
  return value;
}

/** Checks poll options once, wherever they are given (labTesting defaults or one wait), before any read. */
export function checkPollOptions(options: PollOptions): void {
  positive('timeoutMs', options.timeoutMs, DEFAULT_POLL_TIMEOUT_MS);
  positive('initialDelayMs', options.initialDelayMs, DEFAULT_POLL_INITIAL_DELAY_MS);
  positive('maxDelayMs', options.maxDelayMs, DEFAULT_POLL_MAX_DELAY_MS);
}

/** Pause before read `attempt + 1`: exponential, capped, jittered to 50–100 % so waiting clients spread out. */
export function pollDelay(attempt: number, initialMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/**
 * Calls `read` until `isDone`, pausing with backoff between reads. One deadline covers reads and
 * pauses; the signal handed to `read` aborts at the deadline or on the caller's abort, so an in-flight
 * request is cancelled too. Every timer and listener is removed before it settles. Each read's
 * response headers are kept so that a timeout can say what the server said about its clock.
 */
export async function poll<T>(
  read: (signal: AbortSignal) => APIPromise<T>,
  config: PollConfig<T>,
): Promise<T> {
  const timeoutMs = positive('timeoutMs', config.timeoutMs, DEFAULT_POLL_TIMEOUT_MS);
  const initialMs = positive('initialDelayMs', config.initialDelayMs, DEFAULT_POLL_INITIAL_DELAY_MS);
  const maxMs = Math.max(initialMs, positive('maxDelayMs', config.maxDelayMs, DEFAULT_POLL_MAX_DELAY_MS));
  const { signal: caller, random = Math.random } = config;
  if (caller?.aborted)
    throw new AbortError(`Waiting for ${config.what} was aborted`, { cause: caller.reason });

  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let attempts = 0;
  let last: { value: T; headers: Headers } | undefined;
  try {
    for (;;) {
      const { data: value, response } = await read(controller.signal).withResponse();
      attempts++;
      last = { value, headers: response.headers };
      if (config.isDone(value)) return value;
      await sleep(pollDelay(attempts - 1, initialMs, maxMs, random), controller.signal);
    }
  } catch (error) {
    if (timedOut) {
      const stage = last && config.stageOf ? config.stageOf(last.value) : undefined;
      const status = last && config.statusOf ? config.statusOf(last.value) : undefined;
      throw new PollTimeoutError(config.what, timeoutMs, attempts, stage, last?.value, {
        cause: error,
        ...(typeof status === 'string' ? { lastStatus: status } : {}),
        ...(last ? { hint: clockHintOf(last.headers) } : {}),
      });
    }
    if (caller?.aborted) {
      if (error instanceof AbortError) throw error;
      throw new AbortError(`Waiting for ${config.what} was aborted`, { cause: caller.reason });
    }
    throw error;
  } finally {
    clearTimeout(deadline);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}
