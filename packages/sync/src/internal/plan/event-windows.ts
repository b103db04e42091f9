import type { WebhookEvent } from '@svc/events';
import { providerSlug } from '@svc/events';
import { dayOf, parseDay } from '../../days.js';
import { isResource } from '../../resources.js';
import { laterOf, type SyncWindow } from '../../stores/store.js';
import type { Settings } from '../settings.js';
import { planWindows } from './plan-windows.js';

/** The windows an event announces, with the user's ids as the event names them. */
export interface AnnouncedWindows {
  asOf: string;
  windows: SyncWindow[];
  userId: string;
  clientUserId: string | undefined;
  /** Why no window is announced, when the event names too little (its words name no value). */
  unusable?: string;
}

/**
 * The windows a data event announces, with the end time to read them up to: `daily.data.<resource>.*`
 * names a day (or a range), `historical.data.<resource>.*` the resource's history up to today.
 * Undefined for an event the sync does not act on (another family, a resource it does not keep);
 * `unusable` for one it would act on that names too little to plan: no user id, or no provider (the
 * user is still looked at: one first seen by client user id is resolved).
 */
export async function eventWindows(
  settings: Settings,
  event: WebhookEvent,
): Promise<AnnouncedWindows | { unusable: string } | undefined> {
  if (event.family !== 'data' || !event.resource || !event.phase) return undefined;
  const resource = event.resource as string;
  if (!isResource(resource) || !settings.resources.includes(resource)) return undefined;
  const payload = event.payload as { user_id?: unknown; client_user_id?: unknown; data?: unknown };
  const data = (payload.data ?? {}) as Record<string, unknown>;
  const userId = typeof payload.user_id === 'string' ? payload.user_id : data.user_id;
  if (typeof userId !== 'string') return { unusable: 'event names no user id: nothing planned' };
  const clientUserId = typeof payload.client_user_id === 'string' ? payload.client_user_id : undefined;
  let providers: string[];
  const slug = providerSlug(event);
  if (slug) providers = [slug];
  else providers = (clientUserId && (await settings.store.findUser(clientUserId))?.providers) || [];
  const now = settings.now().toISOString();
  const today = dayOf(Date.parse(now));
  let from: string;
  let to: string;
  if (event.phase === 'daily') {
    // The day the data is for; the event's own time when it names none.
    const day =
      parseDay(data.calendar_date) ??
      parseDay(data.date) ??
      dayOf(Date.parse(String((payload as { created_at?: unknown }).created_at ?? now)) || Date.parse(now));
    from = parseDay(data.start_date) ?? day;
    to = parseDay(data.end_date) ?? day;
  } else {
    from = parseDay(data.start_date) ?? dayOf(Date.parse(now) - settings.historyDays * 86_400_000);
    to = parseDay(data.end_date) ?? today;
  }
  // An announced day is read whole, even when this side's clock has not reached its end yet.
  const endOfTo = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const asOf = event.phase === 'daily' ? laterOf(now, endOfTo) : now;
  const windows: SyncWindow[] = [];
  for (const provider of providers) windows.push(...planWindows(userId, resource, provider, from, to, asOf));
  if (providers.length > 0) return { asOf, windows, userId, clientUserId };
  const unusable = "event names no provider, and the store knows none of the user's: nothing planned";
  return { asOf, windows, userId, clientUserId, unusable };
}
