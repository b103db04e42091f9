// What a window is as a BullMQ job: the queue it goes on by default, its id, where Redis is as shown.
import type { RedisOptions } from 'bullmq';
import type { SyncWindow } from '../stores/store.js';

/** The queue's name when none is given. */
export const DEFAULT_QUEUE = 'svc-sync';

/** A job id per window and planning: BullMQ drops a second add of an id it holds, so a window is queued once. */
export const jobIdOf = (w: SyncWindow): string =>
  [w.userId, w.resource, w.provider, w.start, w.end, w.generation ?? 1].join('|');

/** Where Redis is, as it may be shown (never the password). */
export const shownRedis = (options: RedisOptions): string => `redis://${options.host}:${options.port}`;
