import { SyncInputError, type SyncStore, userTimeline } from '@svc/sync';
import type { Answer } from './store-answer.js';
import { MAX_TIMELINE_DAYS } from './store-schemas.js';
import { timelineText } from './store-text.js';

const DAY_MS = 86_400_000;

/** `store_user_timeline`: one user's summaries (a page of them) and steps per provider and day. */
export async function timelineAnswer(store: SyncStore, args: Record<string, unknown>): Promise<Answer> {
  const from = args.from as string;
  const to = args.to as string;
  // `to` is inclusive: MAX_TIMELINE_DAYS days in all is `to` at most MAX_TIMELINE_DAYS - 1 days after `from`.
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > (MAX_TIMELINE_DAYS - 1) * DAY_MS)
    throw new SyncInputError(
      `the range may span at most ${MAX_TIMELINE_DAYS} days, from and to included: to at most ${MAX_TIMELINE_DAYS - 1} days after from`,
    );
  const found = await userTimeline(store, args.client_user_id as string, from, to);
  if (!found) throw new SyncInputError(`the store holds no user ${JSON.stringify(args.client_user_id)}`);
  const steps = new Map<
    string,
    { provider: string; day: string; total: number; unit: string; points: number }
  >();
  for (const point of found.steps) {
    const day = new Date(point.start).toISOString().slice(0, 10);
    const key = `${point.provider} ${day}`;
    const entry = steps.get(key) ?? {
      provider: point.provider,
      day,
      total: 0,
      unit: point.unit,
      points: 0,
    };
    entry.total += point.value;
    entry.points++;
    steps.set(key, entry);
  }
  const offset = Number(args.cursor ?? 0);
  const limit = (args.limit as number | undefined) ?? 50;
  const summaries = found.summaries.slice(offset, offset + limit).map((row) => ({
    resource: row.resource,
    provider: row.provider,
    calendar_date: row.calendarDate,
    data: row.data,
  }));
  return {
    total: found.summaries.length,
    items: summaries.length,
    offset,
    page: (shown, more) => {
      const structured = {
        client_user_id: found.clientUserId,
        user_id: found.userId,
        summaries_total: found.summaries.length,
        summaries: summaries.slice(0, shown),
        steps: [...steps.values()],
      };
      return {
        structured,
        text: timelineText(structured, offset, more),
      };
    },
  };
}
