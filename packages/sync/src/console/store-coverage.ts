// The users × days coverage map of each resource, aggregated in the database: a few rows per resource
// and span of days whatever the fleet's size, spread over days here.
import type { SyncStore } from '../stores/store.js';
import {
  COVERAGE_CLASSES,
  COVERAGE_EPOCH,
  coverageEnds,
  coverageStarts,
  KNOWN_USERS,
} from './coverage-queries.js';
import { markedCache } from './marked-cache.js';
import { type ReadableStore, readableStore } from './store-reader.js';

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

/** What depends only on which windows and users exist: every window's spans, and the users known. */
interface CoverageBase {
  any: ClassSpans;
  users: number;
}

/** What a window's status changes: the spans of the owed (pending or failed) windows, and of the failed. */
interface CoverageOwed {
  owed: ClassSpans;
  failed: ClassSpans;
}

async function spansOf(reader: ReadableStore, statuses: string): Promise<ClassSpans> {
  const [starts, ends] = await Promise.all([
    reader.readRows<StartRow>(coverageStarts(statuses)),
    reader.readRows<EndRow>(coverageEnds(statuses)),
  ]);
  return { starts, ends };
}

async function readBase(reader: ReadableStore): Promise<CoverageBase> {
  const [any, known] = await Promise.all([
    spansOf(reader, COVERAGE_CLASSES.any),
    reader.readRows<{ users: number }>(KNOWN_USERS),
  ]);
  return { any, users: Number(known[0]?.users ?? 0) };
}

async function readOwed(reader: ReadableStore): Promise<CoverageOwed> {
  const [owed, failed] = await Promise.all([
    spansOf(reader, COVERAGE_CLASSES.owed),
    spansOf(reader, COVERAGE_CLASSES.failed),
  ]);
  return { owed, failed };
}

/** The maps, from the spans of every class. */
function mapsOf({ any, users }: CoverageBase, { owed, failed }: CoverageOwed): ResourceCoverage[] {
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

/**
 * Every resource's coverage map, in resource order: what `svc-sync status --json` prints as `coverage`
 * and the console draws, so the two cannot differ.
 */
export async function storeCoverage(store: SyncStore): Promise<ResourceCoverage[]> {
  const reader = readableStore(store);
  const [base, owed] = await Promise.all([readBase(reader), readOwed(reader)]);
  return mapsOf(base, owed);
}

/**
 * `storeCoverage` for a reader that asks again and again (the console): the spans of every window are
 * kept under the store's coverage epoch (schema version 7), which a status change leaves as it was, so a
 * read after a sync's commits merges only the owed and failed windows; a window or user added or removed
 * merges them all again. Each read equals `storeCoverage` at that moment.
 */
export function keptCoverage(store: SyncStore): () => Promise<ResourceCoverage[]> {
  const reader = readableStore(store);
  const base = markedCache(
    async () => String((await reader.readRows<{ epoch: number | string }>(COVERAGE_EPOCH))[0]?.epoch),
    () => readBase(reader),
  );
  return async () => {
    // The owed passes before the epoch and spans: a window added in between is drawn covered until the
    // next read, never owed on a day no span covers (a negative count).
    const owed = await readOwed(reader);
    return mapsOf(await base(), owed);
  };
}
