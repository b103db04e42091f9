// The users × days coverage map of each resource, aggregated in the database: a few rows per resource
// and span of days whatever the fleet's size, spread over days here.
import type { SyncStore } from '../stores/store.js';
import { COVERAGE_CLASSES, coverageEnds, coverageStarts, KNOWN_USERS } from './coverage-queries.js';
import { readableStore } from './store-reader.js';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * One resource's map: for each day from `from` to `to` (index 0 is `from`), how many users stand in each
 * state. A user-day is `failed` if a failed window covers it, else `pending` if a pending one does, else
 * `complete` if a done one does, else `nothingSent` (no window asked for it). The four add up to `users`.
 */
export interface ResourceCoverage {
  resource: string;
  /** Users the store knows by a service user id (the same for every resource). */
  users: number;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  complete: number[];
  pending: number[];
  failed: number[];
  nothingSent: number[];
}

interface StartRow {
  resource: string;
  first_day: string;
  /** The last day of the user's span before this one; null for its first. */
  reach: string | null;
  users: number;
}

interface EndRow {
  resource: string;
  last_day: string;
  users: number;
}

/** One class's spans of one resource: where they begin (and the span before ends), and where the last ends. */
interface ClassSpans {
  starts: readonly StartRow[];
  ends: readonly EndRow[];
}

/** Users covered per day by spans, as a difference array summed: each span adds its users to its days. */
function perDay({ starts, ends }: ClassSpans, first: number, days: number): number[] {
  const delta = new Array<number>(days + 1).fill(0);
  const add = (index: number, users: number) => {
    delta[index] = (delta[index] as number) + users;
  };
  for (const row of starts) {
    add(dayNumber(row.first_day) - first, Number(row.users));
    if (row.reach !== null) add(dayNumber(row.reach) - first + 1, -Number(row.users));
  }
  for (const row of ends) add(dayNumber(row.last_day) - first + 1, -Number(row.users));
  const counts: number[] = [];
  let running = 0;
  for (let day = 0; day < days; day++) {
    running += delta[day] as number;
    counts.push(running);
  }
  return counts;
}

/**
 * Every resource's coverage map, in resource order: what `svc-sync status --json` prints as `coverage`
 * and the console draws, so the two cannot differ.
 */
export async function storeCoverage(store: SyncStore): Promise<ResourceCoverage[]> {
  const reader = readableStore(store);
  const spansOf = async (statuses: string) => {
    const [starts, ends] = await Promise.all([
      reader.readRows<StartRow>(coverageStarts(statuses)),
      reader.readRows<EndRow>(coverageEnds(statuses)),
    ]);
    return { starts, ends };
  };
  const [any, owed, failed, known] = await Promise.all([
    spansOf(COVERAGE_CLASSES.any),
    spansOf(COVERAGE_CLASSES.owed),
    spansOf(COVERAGE_CLASSES.failed),
    reader.readRows<{ users: number }>(KNOWN_USERS),
  ]);
  const users = Number(known[0]?.users ?? 0);
  const resources = [...new Set(any.starts.map((row) => row.resource))].sort();
  return resources.map((resource) => {
    const of = ({ starts, ends }: ClassSpans): ClassSpans => ({
      starts: starts.filter((row) => row.resource === resource),
      ends: ends.filter((row) => row.resource === resource),
    });
    const spans = of(any);
    const first = Math.min(...spans.starts.map((row) => dayNumber(row.first_day)));
    const last = Math.max(...spans.ends.map((row) => dayNumber(row.last_day)));
    const days = last - first + 1;
    const covered = perDay(spans, first, days);
    const owing = perDay(of(owed), first, days);
    const failing = perDay(of(failed), first, days);
    return {
      resource,
      users,
      from: dayOf(first),
      to: dayOf(last),
      complete: covered.map((n, day) => n - (owing[day] as number)),
      pending: owing.map((n, day) => n - (failing[day] as number)),
      failed: failing,
      nothingSent: covered.map((n) => users - n),
    };
  });
}
