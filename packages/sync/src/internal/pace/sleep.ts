import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  ms <= 0 ? Promise.resolve() : wait(ms, undefined, signal ? { signal } : {});
