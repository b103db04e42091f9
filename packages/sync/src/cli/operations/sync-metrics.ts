// The Prometheus figures of a long-running command (`webhooks`, `worker`): what this process ran, counted
// from the sync's window channel (the one @svc/otel reads), and what the store holds, read at each scrape
// by readFleetStatus, the function `status --json` prints, so the two cannot disagree. Labelled by
// resource, outcome, state or queue state, never by user.
import { tracingChannel } from 'node:diagnostics_channel';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { type FleetStatus, readFleetStatus } from '../../status/read-fleet-status.js';
import type { SyncStore } from '../../stores/store.js';
import { WINDOW_CHANNEL, type WindowMessage } from '../../sync-channels.js';
import { within } from '../../within.js';

/** How long a scrape waits for the store or the queue before it answers with what it has. */
const SCRAPE_READ_MS = 5_000;

export interface SyncMetricsOptions {
  store: SyncStore;
  /** Jobs per state of the BullMQ queue, when the command uses one. */
  queueCounts?: () => Promise<Record<string, number>>;
}

export interface SyncMetrics {
  /** The Prometheus text exposition of every figure, the store's read now. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Stops counting (unsubscribes from the window channel). */
  close(): void;
}

type Figure<T> = (name: string, help: string, labelNames?: string[]) => T;

/** Counts what this process ran from the window channel; returns how to stop counting. */
function countWindows(counter: Figure<Counter>): () => void {
  const windows = counter('svc_sync_windows_total', 'Windows this process ran, by outcome.', [
    'resource',
    'outcome',
  ]);
  const rows = counter('svc_sync_rows_total', 'Rows this process committed.', ['resource']);
  const requests = counter('svc_sync_requests_total', 'Requests the windows sent, retries included.', [
    'resource',
  ]);
  const rateLimited = counter('svc_sync_rate_limited_total', '429 answers the windows got.', ['resource']);
  const retries = counter('svc_sync_retries_total', 'Reads of a window after its first.', ['resource']);

  const channel = tracingChannel<unknown, WindowMessage>(WINDOW_CHANNEL);
  const ignore = () => {};
  const subscribers = {
    start: ignore,
    end: ignore,
    asyncStart: ignore,
    error: ignore,
    asyncEnd(message: WindowMessage) {
      const by = { resource: message.resource };
      windows.inc({ ...by, outcome: message.outcome ?? 'error' });
      rows.inc(by, message.rows);
      requests.inc(by, message.requests);
      rateLimited.inc(by, message.rateLimited);
      retries.inc(by, message.retries);
    },
  };
  channel.subscribe(subscribers);
  return () => channel.unsubscribe(subscribers);
}

/** The store's gauges, and how to set them from what `status --json` prints (undefined: the read failed). */
function storeGauges(gauge: Figure<Gauge>): (fleet: FleetStatus | undefined) => void {
  const storeUp = gauge('svc_sync_store_up', '1 when the last scrape could read the store, else 0.');
  const storedRows = gauge('svc_sync_stored_rows', 'Rows the store holds (each natural key once).', [
    'resource',
  ]);
  const pending = gauge('svc_sync_pending_windows', 'Windows planned and not yet done.', ['resource']);
  const failed = gauge('svc_sync_failed_windows', 'Windows that failed for good.', ['resource']);
  const failedUsers = gauge('svc_sync_failed_users', 'Users whose resolution failed for good.');
  const users = gauge('svc_sync_users', 'Users with any window of the resource.', ['resource']);
  const complete = gauge(
    'svc_sync_users_complete',
    'Of them, stored without a gap up to the start of today.',
    ['resource'],
  );
  const behind = gauge('svc_sync_users_behind', 'Of them, not complete (status: behind).', ['resource']);
  const lag = gauge(
    'svc_sync_lag_seconds',
    'How far the user furthest behind is behind the start of today (status: lagMs); 0 when every user is complete.',
    ['resource'],
  );
  const owedDays = gauge('svc_sync_owed_days', 'Days owed: of pending windows, of failed windows.', [
    'resource',
    'state',
  ]);
  const pendingAge = gauge(
    'svc_sync_pending_age_seconds',
    'How long the longest-owed pending window has waited.',
    ['resource'],
  );

  /** The store's figures; those of a failed read are dropped, not left stale. */
  const storeFigures = [
    storedRows,
    pending,
    failed,
    failedUsers,
    users,
    complete,
    behind,
    lag,
    owedDays,
    pendingAge,
  ];
  return (fleet) => {
    for (const figure of storeFigures) figure.reset();
    storeUp.set(fleet ? 1 : 0);
    if (!fleet) return;
    failedUsers.set(fleet.failedUsers);
    for (const [resource, status] of Object.entries(fleet.resources)) {
      const by = { resource };
      storedRows.set(by, status.rows);
      pending.set(by, status.pending);
      failed.set(by, status.failed);
      users.set(by, status.users);
      complete.set(by, status.complete);
      behind.set(by, status.behind);
      owedDays.set({ resource, state: 'pending' }, status.holes.pendingDays);
      owedDays.set({ resource, state: 'failed' }, status.holes.failedDays);
      if (status.lagMs !== null) lag.set(by, status.lagMs / 1000);
      if (status.pendingAgeMs !== null) pendingAge.set(by, status.pendingAgeMs / 1000);
    }
  };
}

export function createSyncMetrics(options: SyncMetricsOptions): SyncMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter: Figure<Counter> = (name, help, labelNames = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const gauge: Figure<Gauge> = (name, help, labelNames = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const stopCounting = countWindows(counter);
  const showStatus = storeGauges(gauge);
  const queue = options.queueCounts
    ? gauge('svc_sync_queue_jobs', 'Jobs in the BullMQ queue, by state.', ['state'])
    : undefined;

  return {
    async scrape() {
      const [report, counts] = await Promise.all([
        within(SCRAPE_READ_MS, () => readFleetStatus(options.store, { now: new Date() })).catch(
          () => undefined,
        ),
        options.queueCounts
          ? within(SCRAPE_READ_MS, options.queueCounts).catch(() => undefined)
          : Promise.resolve(undefined),
      ]);
      showStatus(report);
      if (queue) {
        queue.reset();
        for (const [state, jobs] of Object.entries(counts ?? {})) queue.set({ state }, jobs);
      }
      // prom-client writes a NaN sample (an event-loop lag with no sample yet) as `Nan`, which the text
      // format does not know and Prometheus refuses: the format spells it `NaN`.
      const body = (await registry.metrics()).replace(/ Nan$/gm, ' NaN');
      return { contentType: registry.contentType, body };
    },
    close: stopCounting,
  };
}
