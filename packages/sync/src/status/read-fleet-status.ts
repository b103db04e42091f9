// readFleetStatus: how complete every user is, per resource, read from the store one page at a time.
// The one computation behind `svc-sync status`, the lag channel, a run's last line and any dashboard.
import { setImmediate } from 'node:timers/promises';
import { givenDate, parseDateTime, parseDay } from '../days.js';
import { SyncInputError } from '../errors/errors.js';
import { RESOURCES } from '../resources.js';
import type { ResourceStatus, SyncStore, UserCoverage, UserCoverageKey } from '../stores/store.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface FleetStatusOptions {
  /**
   * What "complete" means: every day through this one stored (`YYYY-MM-DD`: to its end, or to `now` if
   * it is today), or data stored up to this instant (an ISO date-time). Default: the start of today
   * (UTC) by `now`, i.e. every day before today stored (today is not over).
   */
  completeTo?: string;
  /** The clock (default: this machine's): the default target, and how long pending work has waited. */
  now?: Date;
  /** How many of the users furthest behind to name, per resource and overall (default 10). */
  worst?: number;
}

/** A user behind the target, named by the partner's id. */
export interface BehindUser {
  /** The partner's id of the user (null: a user the store knows by its user id only, from a webhook). */
  clientUserId: string | null;
  /** The service's id of the user. */
  userId: string;
  /** How far its data reaches without a gap (ISO). */
  completeUntil: string;
  /** How far that is behind the target, in ms. */
  behindMs: number;
}

/** How many users are behind by how much: each user behind falls in exactly one band. */
export interface BehindBands {
  upTo1h: number;
  upTo1d: number;
  upTo7d: number;
  upTo30d: number;
  over30d: number;
}

/** Where one resource stands across the fleet. */
export interface ResourceFreshness {
  /** Rows stored (each natural key once). */
  rows: number;
  /** Users with any window of this resource. */
  users: number;
  /** Of them: stored without a gap up to the target. */
  complete: number;
  /** Of them: not; `behindBy` tells by how much, `worst` names the furthest behind. */
  behind: number;
  behindBy: BehindBands;
  /** The users furthest behind, furthest first (at most `worst`). */
  worst: BehindUser[];
  /** The furthest any user is behind, in ms (0: every user is complete; null: no users). */
  lagMs: number | null;
  /** Days owed: the days of pending windows and of failed windows, and how many users owe any. */
  holes: { pendingDays: number; failedDays: number; users: number };
  /** Windows planned and not yet done, and failed for good. */
  pending: number;
  failed: number;
  /** The pending window whose days are earliest, named by its user's client user id. */
  oldestPending: ResourceStatus['oldestPending'];
  /** When the longest-owed pending window was planned (ISO), and how long ago that is (ms). */
  pendingSince: string | null;
  pendingAgeMs: number | null;
  /** The end of the newest data of any user (ISO): shown for reference, never a measure of freshness. */
  newestData: string | null;
  /** The latest run end time its windows were planned with (ISO). */
  asOf: string | null;
}

/** What `readFleetStatus` returns: what `svc-sync status --json` prints (without `failures` and `problems`). */
export interface FleetStatus {
  /** Rows stored per resource. */
  rows: Record<string, number>;
  /** Windows pending and failed, and users whose resolution failed for good, in the whole store. */
  pending: number;
  failed: number;
  failedUsers: number;
  /** Per resource (every resource, in the order of RESOURCES). */
  resources: Record<string, ResourceFreshness>;
  /** Users over every resource: complete in all of them, or behind in any (by the most it is behind). */
  users: { total: number; complete: number; behind: number; behindBy: BehindBands; worst: BehindUser[] };
  /** When it was read (ISO), by the clock given. */
  at: string;
  /** The instant "complete" is measured to (ISO), and the day asked for (`YYYY-MM-DD`) when one was. */
  target: string;
  targetDay: string | null;
}

/** The instant `completeTo` means, and the day when it names one. */
export function targetOf(completeTo: string | undefined, now: Date): { target: string; day: string | null } {
  if (completeTo === undefined) {
    const today = now.toISOString().slice(0, 10);
    return { target: `${today}T00:00:00.000Z`, day: dayBefore(today) };
  }
  const day = parseDay(completeTo);
  if (day) {
    const end = Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
    return { target: new Date(Math.min(end, now.getTime())).toISOString(), day };
  }
  const at = parseDateTime(completeTo);
  if (at === undefined)
    throw new SyncInputError(
      `completeTo must be a day YYYY-MM-DD or an ISO date-time with its offset ${givenDate(completeTo)}`,
    );
  return { target: new Date(at).toISOString(), day: null };
}

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

const noBands = (): BehindBands => ({ upTo1h: 0, upTo1d: 0, upTo7d: 0, upTo30d: 0, over30d: 0 });

function band(bands: BehindBands, behindMs: number): void {
  if (behindMs <= HOUR_MS) bands.upTo1h++;
  else if (behindMs <= DAY_MS) bands.upTo1d++;
  else if (behindMs <= 7 * DAY_MS) bands.upTo7d++;
  else if (behindMs <= 30 * DAY_MS) bands.upTo30d++;
  else bands.over30d++;
}

/** Keeps the `size` users furthest behind, furthest first (ties by client user id): bounded, whatever the fleet. */
function keepWorst(worst: BehindUser[], user: BehindUser, size: number): void {
  if (size === 0) return;
  const last = worst.at(-1);
  if (worst.length >= size && last && !isWorse(user, last)) return;
  const at = worst.findIndex((other) => isWorse(user, other));
  worst.splice(at === -1 ? worst.length : at, 0, user);
  if (worst.length > size) worst.pop();
}

const isWorse = (a: BehindUser, b: BehindUser) =>
  a.behindMs !== b.behindMs
    ? a.behindMs > b.behindMs
    : (a.clientUserId ?? a.userId) < (b.clientUserId ?? b.userId);

/**
 * How far one provider's data of a user reaches without a gap: to the start of the first day it owes
 * (pending or failed), and never past what its done windows cover.
 */
function reachOf(row: UserCoverage): number {
  const covered = row.coveredUntil === null ? Number.POSITIVE_INFINITY : Date.parse(row.coveredUntil);
  const owed =
    row.firstOwedDay === null ? Number.POSITIVE_INFINITY : Date.parse(`${row.firstOwedDay}T00:00:00.000Z`);
  return Math.min(covered, owed);
}

/** Walks every user's coverage a page at a time, giving each user's resources with their providers' rows. */
async function* usersOf(
  store: SyncStore,
  pageSize: number,
): AsyncGenerator<{ userId: string; clientUserId: string | null; resources: Map<string, UserCoverage[]> }> {
  let after: UserCoverageKey | undefined;
  let current:
    | { userId: string; clientUserId: string | null; resources: Map<string, UserCoverage[]> }
    | undefined;
  for (;;) {
    const page = await store.userCoverage(pageSize, after);
    for (const row of page) {
      if (current && current.userId !== row.userId) {
        yield current;
        current = undefined;
      }
      current ??= { userId: row.userId, clientUserId: row.clientUserId, resources: new Map() };
      const rows = current.resources.get(row.resource) ?? [];
      rows.push(row);
      current.resources.set(row.resource, rows);
    }
    if (page.length < pageSize) break;
    after = page.at(-1);
    // A SQLite read answers without waiting on I/O: let a server's other requests (the console's maps)
    // run between pages instead of after the whole walk.
    await setImmediate();
  }
  if (current) yield current;
}

const emptyResource = (status: ResourceStatus | undefined, rows: number, now: number): ResourceFreshness => ({
  rows,
  users: 0,
  complete: 0,
  behind: 0,
  behindBy: noBands(),
  worst: [],
  lagMs: null,
  holes: { pendingDays: 0, failedDays: 0, users: 0 },
  pending: status?.pending ?? 0,
  failed: status?.failed ?? 0,
  oldestPending: status?.oldestPending ?? null,
  pendingSince: status?.pendingSince ?? null,
  pendingAgeMs: status?.pendingSince ? Math.max(0, now - Date.parse(status.pendingSince)) : null,
  newestData: status?.newestData ?? null,
  asOf: status?.asOf ?? null,
});

/**
 * Where the fleet stands, per resource and over all resources: how many users are complete up to the
 * target, how many are behind and by how much (bands, and the worst users by client user id), and the
 * days still owed. Reads the store a page at a time: memory stays flat however many users it holds.
 */
export async function readFleetStatus(
  store: SyncStore,
  options: FleetStatusOptions = {},
): Promise<FleetStatus> {
  const now = options.now ?? new Date();
  const size = options.worst ?? 10;
  if (!Number.isInteger(size) || size < 0) throw new SyncInputError('worst must be a whole number of users');
  const { target, day } = targetOf(options.completeTo, now);
  const targetMs = Date.parse(target);
  const counts = await store.status();
  const statuses = new Map((await store.resourceStatus()).map((status) => [status.resource, status]));
  const resources: Record<string, ResourceFreshness> = Object.fromEntries(
    RESOURCES.map((resource) => [
      resource,
      emptyResource(statuses.get(resource), counts.rows[resource] ?? 0, now.getTime()),
    ]),
  );
  const users = { total: 0, complete: 0, behind: 0, behindBy: noBands(), worst: [] as BehindUser[] };
  for await (const user of usersOf(store, 5_000)) {
    let furthest: BehindUser | undefined;
    for (const [resource, rows] of user.resources) {
      resources[resource] ??= emptyResource(
        statuses.get(resource),
        counts.rows[resource] ?? 0,
        now.getTime(),
      );
      const figures = resources[resource];
      const reach = Math.min(...rows.map(reachOf));
      const behindMs = Math.max(0, targetMs - reach);
      figures.users++;
      const pendingDays = rows.reduce((sum, row) => sum + row.pendingDays, 0);
      const failedDays = rows.reduce((sum, row) => sum + row.failedDays, 0);
      figures.holes.pendingDays += pendingDays;
      figures.holes.failedDays += failedDays;
      if (pendingDays + failedDays > 0) figures.holes.users++;
      figures.lagMs = Math.max(figures.lagMs ?? 0, behindMs);
      if (behindMs === 0) {
        figures.complete++;
        continue;
      }
      const behind: BehindUser = {
        clientUserId: user.clientUserId,
        userId: user.userId,
        completeUntil: new Date(reach).toISOString(),
        behindMs,
      };
      figures.behind++;
      band(figures.behindBy, behindMs);
      keepWorst(figures.worst, behind, size);
      if (!furthest || behindMs > furthest.behindMs) furthest = behind;
    }
    users.total++;
    if (!furthest) {
      users.complete++;
      continue;
    }
    users.behind++;
    band(users.behindBy, furthest.behindMs);
    keepWorst(users.worst, furthest, size);
  }
  // The counts first, in the order `svc-sync status --json` has always printed them.
  return {
    rows: counts.rows,
    pending: counts.pending,
    failed: counts.failed,
    failedUsers: counts.failedUsers,
    resources,
    users,
    at: now.toISOString(),
    target,
    targetDay: day,
  };
}
