import { MAX_TIMEOUT_MS } from '../../input/check-call-options.js';
import { abortError } from '../abort/abort-error.js';
import { linkAbort, unlinkAbort } from '../abort/abort-fanout.js';

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
    // Node turns a delay over 2^31-1 ms into 1 ms; no wait of ours is that long, but none may become instant.
    const timer = setTimeout(
      () => {
        if (signal) unlinkAbort(signal, wait);
        resolve();
      },
      Math.min(ms, MAX_TIMEOUT_MS),
    );
    if (signal) linkAbort(signal, wait);
  });
}
