import { AbortError } from '../../../errors.js';

/** The error for a caller's abort, keeping the signal's reason as the cause. */
export const abortError = (signal: AbortSignal): AbortError =>
  new AbortError('The request was aborted by the caller', { cause: signal.reason });
