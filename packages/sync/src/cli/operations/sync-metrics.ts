// The Prometheus figures of a long-running command (`webhooks`, `worker`): what this process ran, counted
// from the sync's window channel (the one @svc/otel reads), and what the store holds, read at each scrape
// through the function `status --json` prints, so the two cannot disagree. Labelled by resource, outcome
// or queue state, never by user.
import { tracingChannel } from 'node:diagnostics_channel';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { within } from '../../internal/within.js';
import type { SyncStore } from '../../stores/store.js';
import { WINDOW_CHANNEL, type WindowMessage } from '../../sync-channels.js';
import { readStatusReport, type StatusReport } from '../commands/status-command.js';

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

export function createSyncMetrics(options: SyncMetricsOptions): SyncMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
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

  const storeUp = gauge('svc_sync_store_up', '1 when the last scrape could read the store, else 0.');
  const storedRows = gauge('svc_sync_stored_rows', 'Rows the store holds (each natural key once).', [
    'resource',
  ]);
  const pending = gauge('svc_sync_pending_windows', 'Windows planned and not yet done.', ['resource']);
  const failed = gauge('svc_sync_failed_windows', 'Windows that failed for good.', ['resource']);
  const failedUsers = gauge('svc_sync_failed_users', 'Users whose resolution failed for good.');
  const lag = gauge(
    'svc_sync_lag_seconds',
    "How far the resource's newest stored data is behind its latest run's end time (as svc-sync status says).",
    ['resource'],
  );
  const queue = options.queueCounts
    ? gauge('svc_sync_queue_jobs', 'Jobs in the BullMQ queue, by state.', ['state'])
    : undefined;

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

  /** The store's figures, from the report `status --json` prints; figures of a failed read are dropped, not left stale. */
  const showStatus = (report: StatusReport | undefined) => {
    for (const figure of [storedRows, pending, failed, failedUsers, lag]) figure.reset();
    storeUp.set(report ? 1 : 0);
    if (!report) return;
    failedUsers.set(report.failedUsers);
    for (const [resource, status] of Object.entries(report.resources)) {
      storedRows.set({ resource }, status.rows);
      pending.set({ resource }, status.pending);
      failed.set({ resource }, status.failed);
      if (status.lagMs !== null) lag.set({ resource }, status.lagMs / 1000);
    }
  };

  return {
    async scrape() {
      const [report, counts] = await Promise.all([
        within(SCRAPE_READ_MS, () => readStatusReport(options.store)).catch(() => undefined),
        options.queueCounts
          ? within(SCRAPE_READ_MS, options.queueCounts).catch(() => undefined)
          : Promise.resolve(undefined),
      ]);
      showStatus(report);
      if (queue) {
        queue.reset();
        for (const [state, jobs] of Object.entries(counts ?? {})) queue.set({ state }, jobs);
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close: () => channel.unsubscribe(subscribers),
  };
}
