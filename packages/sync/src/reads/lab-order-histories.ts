import { SyncInputError } from '../errors/errors.js';
import type { LabOrderEvent, StoredLabOrder, StoredParsingJob, SyncStore } from '../stores/store.js';
import { storedLabOrders, storedParsingJobs, storedUsers } from '../stores/stored-rows.js';

/** The most status events one order's history carries, and the most its store read takes. */
const MAX_EVENTS = 20;
const EVENTS_READ = 1_000;

/** A lab order as the store last heard of it, with the partner's id of its user and why it stands where it does. */
export interface LabOrderHistory extends StoredLabOrder {
  /** The partner's id of the order's user (null: the store knows the order's user by service id only, or not at all). */
  clientUserId: string | null;
  /** Its latest status events, oldest first: what moved it to where it stands. */
  events: LabOrderEvent[];
  /** How many status events the store holds for it. */
  eventsTotal: number;
  /** The parsing jobs of the order's user that hold extracted results (`results` in the job record). */
  parsedReports: StoredParsingJob[];
}

/**
 * Every lab order the store heard of, by order id, each with its user's client user id, its last
 * `events` status events (1 to 20, default 5) and its user's parsing jobs that hold results. Reads the
 * store a page at a time; an erased user's orders and jobs are gone from the store, so from here too.
 */
export async function labOrderHistories(
  store: SyncStore,
  options: { events?: number } = {},
): Promise<LabOrderHistory[]> {
  const keep = options.events ?? 5;
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_EVENTS)
    throw new SyncInputError(`events must be a whole number from 1 to ${MAX_EVENTS}`);
  const clients = new Map<string, string>();
  for await (const user of storedUsers(store))
    if (user.userId !== null) clients.set(user.userId, user.clientUserId);
  const reports = new Map<string, StoredParsingJob[]>();
  for await (const job of storedParsingJobs(store)) {
    if (job.userId === null || !Array.isArray(job.job.results)) continue;
    reports.set(job.userId, [...(reports.get(job.userId) ?? []), job]);
  }
  const histories: LabOrderHistory[] = [];
  for await (const order of storedLabOrders(store)) {
    const events = await store.readLabOrderEvents(order.orderId, EVENTS_READ);
    histories.push({
      ...order,
      clientUserId: order.userId === null ? null : (clients.get(order.userId) ?? null),
      events: events.slice(-keep),
      eventsTotal: events.length,
      parsedReports: order.userId === null ? [] : (reports.get(order.userId) ?? []),
    });
  }
  return histories;
}
