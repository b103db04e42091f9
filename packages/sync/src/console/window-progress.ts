// A long-running process's progress (`svc-sync worker`, the webhook receiver), counted from the windows
// it runs as the sync publishes them on WINDOW_CHANNEL: the same counters a backfill's progress has, for
// its heartbeat. Subscribed at the command, so the queue and the receiver need not know of it.
import { tracingChannel } from 'node:diagnostics_channel';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SyncProgress } from '../progress.js';
import { WINDOW_CHANNEL, type WindowMessage } from '../sync-channels.js';
import { HEARTBEAT_MS } from './run-heartbeat.js';

/**
 * This process's window counters since the call, every `everyMs` until `signal` aborts, then once more
 * with `finished` set. `windows.planned` counts the windows started; `concurrency` those running now.
 */
export async function* windowProgress(
  signal: AbortSignal,
  everyMs = HEARTBEAT_MS,
): AsyncGenerator<SyncProgress> {
  const started = Date.now();
  const windows = { planned: 0, done: 0, failed: 0, deferred: 0, queued: 0, alreadyQueued: 0 };
  const totals = { points: 0, requests: 0, rateLimited: 0, running: 0 };
  const ignore = () => {};
  const subscribers = {
    start() {
      windows.planned++;
      totals.running++;
    },
    end: ignore,
    asyncStart: ignore,
    error: ignore,
    asyncEnd(message: WindowMessage) {
      totals.running--;
      if (message.outcome) windows[message.outcome]++;
      totals.points += message.rows;
      totals.requests += message.requests;
      totals.rateLimited += message.rateLimited;
    },
  };
  const channel = tracingChannel<unknown, WindowMessage>(WINDOW_CHANNEL);
  channel.subscribe(subscribers);
  const progress = (finished: boolean): SyncProgress => {
    const elapsedMs = Date.now() - started;
    return {
      users: { planned: 0, failed: 0, deferred: 0, erased: 0, total: undefined, failedIds: [] },
      windows: { ...windows },
      points: totals.points,
      requests: totals.requests,
      rateLimited: totals.rateLimited,
      requestsPerSecond: elapsedMs > 0 ? (totals.requests * 1000) / elapsedMs : 0,
      concurrency: totals.running,
      etaMs: undefined,
      elapsedMs,
      finished,
    };
  };
  try {
    while (!signal.aborted) {
      yield progress(false);
      await sleep(everyMs, undefined, { signal }).catch(() => {});
    }
    yield progress(true);
  } finally {
    channel.unsubscribe(subscribers);
  }
}
