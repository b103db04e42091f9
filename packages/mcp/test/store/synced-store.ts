// A real @svc/sync store filled by a backfill from the sandbox, as a partner's would be: sleep for a fleet
// of users over 8 days, and steps for a few of them. SQLite, in a temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { createSync, openStore, teamFingerprint } from '@svc/sync';

const KEY = 'sk_test_mcp_store_fleet';
/** The sandbox's clock in a new world: its data runs up to here. */
export const NOW = '2026-01-05T09:00:00.000Z';
export const LAST_WEEK = { from: '2025-12-29', to: '2026-01-04' } as const;
export const YESTERDAY = '2026-01-04';

export const fleetUser = (index: number) => `fleet-user-${String(index).padStart(4, '0')}`;

/** Backfills `users` users' sleep (8 days) and the first `stepsUsers` users' steps into a new SQLite store. */
export async function syncedStore(users: number, stepsUsers: number) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mcp-store-'));
  const address = `sqlite:${join(dir, 'svc.db')}`;
  const sandbox = createSandbox({ apiKey: KEY, seed: 'mcp-fleet' });
  const client = createClient({
    apiKey: KEY,
    baseUrl: sandbox.url,
    fetch: ((request: Request) => sandbox.fetch(request)) as typeof fetch,
  });
  const store = await openStore(address);
  const sync = (resources: ('sleep' | 'steps')[]) =>
    createSync({
      client,
      store,
      team: teamFingerprint(KEY),
      resources,
      now: () => new Date(sandbox.clock.now()),
    });
  try {
    const ids = Array.from({ length: users }, (_, index) => fleetUser(index + 1));
    const sleep = await sync(['sleep']).backfill({ users: ids, from: '2025-12-28', to: YESTERDAY }).result;
    const steps = await sync(['steps']).backfill({
      users: ids.slice(0, stepsUsers),
      from: YESTERDAY,
      to: YESTERDAY,
    }).result;
    if (sleep.status !== 'done' || steps.status !== 'done')
      throw new Error(`the backfill ended ${sleep.status}/${steps.status}`);
  } finally {
    await store.close();
  }
  return {
    address,
    path: address.slice('sqlite:'.length),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
