import { TimeoutError } from '../../../errors.js';
import { abortError } from './abort-error.js';
import { linkAbort, unlinkAbort } from './abort-fanout.js';

/**
 * Settles with `work`, or rejects with TimeoutError after `timeoutMs` or AbortError when `signal`
 * aborts, whichever comes first: a caller's limits bound work the client cannot cancel (an apiKey
 * function waiting on a vault). Leaves no timer or listener behind.
 */
export function withinDeadline<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const stop = {
      abort() {
        done();
        reject(abortError(signal as AbortSignal));
      },
    };
    const timer = setTimeout(() => {
      done();
      reject(new TimeoutError(`${what} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      if (signal) unlinkAbort(signal, stop);
    }
    if (signal) linkAbort(signal, stop);
    work.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
