// What the sync keeps of lab testing, from webhooks: the interface has no order read, so each
// `labtest.order.*` event's record is the order's status history; `lab_report.parsing_job.*` events
// carry the job, and a job that has results is read whole (`getParsingJob`) when the event lacks them.
import type { SvcClient } from '@svc/client';
import type { WebhookEvent } from '@svc/events';
import type { SyncStore } from '../stores/store.js';

/** A job status whose record holds the extracted results. */
const WITH_RESULTS = new Set(['completed', 'pending_review']);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** An ISO time the service wrote, or undefined when it is not one. */
const timeOf = (value: unknown): string | undefined => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/**
 * Stores what a lab event says; resolves true when the event was a lab event (stored, or ignored for a
 * record without an id), false for any other event.
 */
export async function recordLabEvent(
  store: SyncStore,
  client: Partial<Pick<SvcClient, 'getParsingJob'>>,
  event: WebhookEvent,
  now: () => Date,
): Promise<boolean> {
  if (event.family !== 'labtest.order' && event.family !== 'lab_report.parsing_job') return false;
  const payload = event.payload as { user_id?: unknown; created_at?: unknown; data?: unknown };
  const data = (payload.data !== null && typeof payload.data === 'object' ? payload.data : {}) as Record<
    string,
    unknown
  >;
  const userId = text(payload.user_id) ?? text(data.user_id) ?? null;
  const id = text(data.id);
  if (id === undefined) return true;
  if (event.family === 'labtest.order') {
    const last = (data.last_event ?? {}) as { status?: unknown; created_at?: unknown };
    await store.saveLabOrderEvent({
      orderId: id,
      userId,
      status: text(data.status) ?? text(last.status) ?? 'unknown',
      occurredAt:
        timeOf(last.created_at) ??
        timeOf(data.updated_at) ??
        timeOf(payload.created_at) ??
        now().toISOString(),
      eventType: event.name,
      data,
    });
    return true;
  }
  let job = data;
  const status = text(data.status) ?? 'unknown';
  // The event may carry the job without its results: the job read has them.
  if (WITH_RESULTS.has(status) && !Array.isArray(data.results) && client.getParsingJob)
    job = (await client.getParsingJob({ job_id: id })) as Record<string, unknown>;
  await store.saveParsingJob({
    jobId: id,
    userId,
    status: text(job.status) ?? status,
    updatedAt: timeOf(job.updated_at) ?? timeOf(payload.created_at) ?? now().toISOString(),
    storedAt: now().toISOString(),
    job,
  });
  return true;
}
