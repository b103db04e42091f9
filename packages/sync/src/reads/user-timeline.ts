import type { StepKey, StepRow, SummaryKey, SummaryRow, SyncStore } from '../stores/store.js';
import { checkDayRange } from './day-range.js';
import { SUMMARY_RESOURCES } from './summary-aggregates.js';

const PAGE = 1_000;
const DAY_MS = 86_400_000;

/** One user's stored data over a range of days. */
export interface UserTimeline {
  clientUserId: string;
  /** The service's id (null: the store knows the user, but it could not be resolved). */
  userId: string | null;
  /** Summaries whose calendar day (the provider's own day) is in the range, by resource, provider, day. */
  summaries: SummaryRow[];
  /** Steps points that start in the range's UTC days, by provider and start. */
  steps: StepRow[];
}

/**
 * What the store holds of one user (by the partner's id) from `from` to `to` (`YYYY-MM-DD`, inclusive):
 * undefined for a user the store does not know. Reads only that user's rows, a page at a time.
 */
export async function userTimeline(
  store: SyncStore,
  clientUserId: string,
  from: string,
  to: string,
): Promise<UserTimeline | undefined> {
  checkDayRange(from, to);
  const user = await store.findUser(clientUserId);
  if (!user) return undefined;
  const timeline: UserTimeline = { clientUserId, userId: user.userId, summaries: [], steps: [] };
  const userId = user.userId;
  if (userId === null) return timeline;
  for (const resource of SUMMARY_RESOURCES) {
    let after: SummaryKey = { resource, userId, provider: '', calendarDate: '' };
    for (;;) {
      const page = await store.readSummaries(PAGE, after);
      const mine = page.filter((row) => row.resource === resource && row.userId === userId);
      timeline.summaries.push(...mine.filter((row) => row.calendarDate >= from && row.calendarDate <= to));
      const last = page.at(-1);
      if (page.length < PAGE || !last || mine.length < page.length) break;
      after = last;
    }
  }
  const start = Date.parse(`${from}T00:00:00.000Z`);
  const end = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
  let after: StepKey = { userId, provider: '', start: new Date(0).toISOString() };
  for (;;) {
    const page = await store.readSteps(PAGE, after);
    const mine = page.filter((row) => row.userId === userId);
    timeline.steps.push(
      ...mine.filter((row) => Date.parse(row.start) >= start && Date.parse(row.start) < end),
    );
    const last = page.at(-1);
    if (page.length < PAGE || !last || mine.length < page.length) break;
    after = last;
  }
  return timeline;
}
