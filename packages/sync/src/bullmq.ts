// @svc/sync/bullmq: the same unit of work (one user, resource, provider and range) as BullMQ jobs on
// Redis, read by worker processes; checkpoints and data in a shared store (PostgreSQL). The queue, the
// worker and what they share are in bullmq/.
export { createSyncQueue, type SyncQueue, type SyncQueueOptions } from './bullmq/sync-queue.js';
export { createSyncWorker, type SyncWorker, type SyncWorkerOptions } from './bullmq/sync-worker.js';
export { DEFAULT_QUEUE } from './bullmq/window-jobs.js';
export { redisOptions } from './redis-options.js';
