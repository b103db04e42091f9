import { setTimeout as wait } from 'node:timers/promises';

/** Node's longest timer: a longer one fires at once, with a warning. */
const MAX_TIMER_MS = 2_147_483_647;

/** Waits `ms` (never past Node's timer limit), or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  ms <= 0 ? Promise.resolve() : wait(Math.min(ms, MAX_TIMER_MS), undefined, signal ? { signal } : {});
