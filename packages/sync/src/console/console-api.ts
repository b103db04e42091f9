// What the page reads and does, as plain functions of the store: the same calls `svc-sync status --json`
// prints from (readFleetStatus, storeCoverage, listFailures) and the same operations the CLI's retry and
// clear run (replanFailures, clearFailures), so a figure or an action cannot differ between them.
import { SyncInputError } from '../errors/errors.js';
import { clearFailures } from '../status/clear-failures.js';
import type { FailureFilter, Failures } from '../status/find-failures.js';
import { listFailures } from '../status/list-failures.js';
import { readFleetStatus } from '../status/read-fleet-status.js';
import { replanFailures } from '../status/replan-failures.js';
import { coverageCell } from './coverage-cell.js';
import { markedCache } from './marked-cache.js';
import { readHeartbeats } from './run-heartbeat.js';
import { keptCoverage } from './store-coverage.js';
import type { ReadableStore } from './store-reader.js';

/** A read: the query's parameters in, a JSON value out. */
export type ConsoleRead = (query: URLSearchParams) => Promise<unknown>;
/** An action: the posted JSON in, a JSON value out. */
export type ConsoleAction = (body: unknown) => Promise<{ message: string }>;

export interface ConsoleApi {
  reads: Record<string, ConsoleRead>;
  actions: Record<string, ConsoleAction>;
}

/** Failures listed on the page, of each kind: the first ones by key, with their total beside them. */
export const FAILURES_SHOWN = 50;
/** Users one action may name: the bound of what one request drives. */
const MAX_USERS = 1000;

/** What reads the windows a retry plans again: a sync with the key (serve was given one), or nobody yet. */
export interface Reader {
  /** Starts reading what is owed unless a read is already under way. */
  resume(): void;
}

/** `{ users: [...] }` as the page posts it, checked before anything is read. */
function filterOf(body: unknown): FailureFilter {
  const users = (body as { users?: unknown } | null)?.users;
  if (!Array.isArray(users) || users.length === 0 || users.length > MAX_USERS)
    throw new SyncInputError(`users must list 1 to ${MAX_USERS} client user ids`);
  if (!users.every((user) => typeof user === 'string' && user.length > 0 && user.length <= 256))
    throw new SyncInputError('users must be client user ids');
  return { users };
}

const counted = (found: Failures) =>
  `${found.windows.length} window${found.windows.length === 1 ? '' : 's'}, ${found.users.length} user${found.users.length === 1 ? '' : 's'}`;

export function consoleApi(store: ReadableStore, reader?: Reader): ConsoleApi {
  // The maps and failures as of the store's last write: a reload of an unchanged store reads one mark,
  // and a read after a sync's commits (status changes) merges only the owed and failed windows again.
  const maps = keptCoverage(store);
  const coverage = markedCache(
    () => store.changeMark(),
    async () => ({
      coverage: await maps(),
      failures: await listFailures(store, FAILURES_SHOWN),
    }),
  );
  // Read once now, so the first page need not wait for the merge; a failure is the page's to report.
  coverage().catch(() => {});
  const actions: ConsoleApi['actions'] = {
    '/api/retry': async (body) => {
      const found = await replanFailures(store, filterOf(body));
      if (!reader)
        return {
          message: `Planned again: ${counted(found)}; the next backfill, webhooks or worker run reads them.`,
        };
      reader.resume();
      return { message: `Planned again: ${counted(found)}; reading them now.` };
    },
    '/api/clear': async (body) => {
      const found = await clearFailures(store, filterOf(body));
      return { message: `Cleared: ${counted(found)}.` };
    },
  };
  return {
    reads: {
      // The maps and failures come first: the page draws them while the freshness walk goes on.
      '/api/coverage': async () => ({
        ...(await coverage()),
        actions: Object.keys(actions).map((path) => path.replace('/api/', '')),
      }),
      // `to`: what complete means, as `status --to` (default: every day before today).
      '/api/status': async (query) =>
        readFleetStatus(store, query.get('to') ? { completeTo: query.get('to') as string } : {}),
      // The runs writing to this store, as their heartbeat rows say (run-heartbeat.ts).
      '/api/live': async () => ({ now: new Date().toISOString(), runs: await readHeartbeats(store, 5) }),
      '/api/cell': async (query) => ({
        users: await coverageCell(store, {
          resource: query.get('resource') ?? '',
          day: query.get('day') ?? '',
          state: query.get('state') ?? '',
          after: query.get('after') ?? '',
        }),
      }),
    },
    actions,
  };
}
