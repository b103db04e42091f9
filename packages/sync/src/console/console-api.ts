// What the page reads and does, as plain functions of the store: the same calls `svc-sync status --json`
// prints from (store.status, store.resourceStatus, storeCoverage), so a figure cannot differ between them.
import { redactSecrets } from '../errors/redact-secrets.js';
import { lagMs, type SyncStore, userFailureOf } from '../stores/store.js';
import { coverageCell } from './coverage-cell.js';
import { storeCoverage } from './store-coverage.js';

/** A read: the query's parameters in, a JSON value out. */
export type ConsoleRead = (query: URLSearchParams) => Promise<unknown>;
/** An action: the posted JSON in, a JSON value out. */
export type ConsoleAction = (body: unknown) => Promise<unknown>;

export interface ConsoleApi {
  reads: Record<string, ConsoleRead>;
  actions: Record<string, ConsoleAction>;
}

/** Failures listed on the page, of each kind: the first ones by key, with their total beside them. */
export const FAILURES_SHOWN = 50;

/** The secrets this process knows, kept out of every message it shows (stored ones are redacted already). */
const redact = (text: string) =>
  redactSecrets(text, [process.env.SVC_API_KEY, process.env.SVC_WEBHOOK_SECRET]);

/** The store's counts and each resource's status, shaped as `status --json` prints them. */
async function statusOf(store: SyncStore) {
  const counts = await store.status();
  const resources = await store.resourceStatus();
  return {
    ...counts,
    resources: Object.fromEntries(
      resources.map(({ resource, ...status }) => [
        resource,
        { rows: counts.rows[resource] ?? 0, ...status, lagMs: lagMs(status) },
      ]),
    ),
  };
}

async function failuresOf(store: SyncStore) {
  return {
    users: (await store.failedUsers(FAILURES_SHOWN)).map((user) => ({
      clientUserId: user.clientUserId,
      ...userFailureOf(redact(user.error ?? '')),
    })),
    windows: (await store.failedWindows(FAILURES_SHOWN)).map(({ failure, ...window }) => ({
      ...window,
      error: failure.error,
      status: failure.status,
      message: redact(failure.message),
    })),
  };
}

export function consoleApi(store: SyncStore): ConsoleApi {
  const actions: ConsoleApi['actions'] = {};
  return {
    reads: {
      '/api/overview': async () => ({
        status: await statusOf(store),
        coverage: await storeCoverage(store),
        failures: await failuresOf(store),
        actions: Object.keys(actions).map((path) => path.replace('/api/', '')),
      }),
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
