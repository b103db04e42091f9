import { AbortError } from '../errors.js';
import { linkAbort, unlinkAbort } from './abort-fanout.js';

/** Waits `ms`, or rejects with AbortError as soon as `signal` aborts; leaves no timer or listener behind. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const wait = {
      abort() {
        clearTimeout(timer);
        if (signal) unlinkAbort(signal, wait);
        reject(abortError(signal as AbortSignal));
      },
    };
    const timer = setTimeout(() => {
      if (signal) unlinkAbort(signal, wait);
      resolve();
    }, ms);
    if (signal) linkAbort(signal, wait);
  });
}

/** The error for a caller's abort, keeping the signal's reason as the cause. */
export const abortError = (signal: AbortSignal): AbortError =>
  new AbortError('The request was aborted by the caller', { cause: signal.reason });
