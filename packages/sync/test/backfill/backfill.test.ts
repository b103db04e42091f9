import { parseEvent } from '@svc/events';
import { describe, expect, it } from 'vitest';
import {
  createSync,
  RESOURCES,
  StoreTeamMismatchError,
  SyncInputError,
  teamFingerprint,
} from '../../src/index.js';
import { withFaults } from '../fixtures/faults.js';
import { SANDBOX_NOW, sandboxClient, sandboxSync, TEAM } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const USERS = ['alice', 'bob', 'carol'];

describe('backfill', () => {
  it('stores exactly the sandbox rows of every resource, user, provider and day', async () => {
    const { sandbox, client } = sandboxClient();
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store);
    const run = sync.backfill({ users: USERS, from: '2025-11-20', to: '2026-01-10' });
    const seen: number[] = [];
    for await (const progress of run) seen.push(progress.windows.done);
    const result = await run.result;
    expect(result.status).toBe('done');
    expect(result.asOf).toBe(SANDBOX_NOW);
    expect(seen.at(-1)).toBe(result.progress.windows.planned);
    const truth = await sandboxTruth(client, USERS, RESOURCES, '2025-11-20', '2026-01-10');
    expect(truth.size).toBeGreaterThan(3 * 24 * 40);
    expect(await storedRows(address)).toEqual(truth);
    expect(await windowCounts(address)).toEqual({ done: result.progress.windows.planned });
  });

  it('running it again resumes: nothing already stored is read again', async () => {
    const faults = withFaults({ current: undefined });
    const { sandbox, client } = sandboxClient({ wrap: faults.wrap });
    const { store } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'] });
    await sync.backfill({ users: USERS, from: '2025-12-01', to: '2026-01-04' }).result;
    const before = faults.stats.requests;
    const again = await sync.backfill({ users: USERS, from: '2025-12-01', to: '2026-01-04' }).result;
    expect(again.status).toBe('done');
    expect(again.progress.windows.planned).toBe(0);
    // One request per user: resolving it (its providers may have changed).
    expect(faults.stats.requests - before).toBe(USERS.length);
  });

  it("fixes each run's end time: a later run reads only what came after it", async () => {
    const { sandbox, client } = sandboxClient();
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'activity'] });
    await sync.backfill({ users: ['alice'], from: '2025-12-20', to: '2026-01-20' }).result;
    sandbox.clock.advance({ seconds: 2 * 86_400 });
    const later = await sync.backfill({ users: ['alice'], from: '2025-12-20', to: '2026-01-20' }).result;
    // Only the windows the first run's end time cut short are read again (steps 2026-01-01..07, activity
    // 2025-12-08..2026-01-06), and the activity window that starts on the new day (2026-01-07).
    expect(later.progress.windows.planned).toBe(3);
    const truth = await sandboxTruth(client, ['alice'], ['steps', 'activity'], '2025-12-20', '2026-01-20');
    expect(await storedRows(address)).toEqual(truth);
  });

  it('refuses bad input before any request', async () => {
    const faults = withFaults({ current: undefined });
    const { client } = sandboxClient({ wrap: faults.wrap });
    const { store } = await stores.open();
    expect(() => createSync({ client, store, team: TEAM, resources: ['heartrate' as 'steps'] })).toThrow(
      /unknown resource "heartrate"/,
    );
    const sync = createSync({ client, store, team: TEAM });
    expect(() => sync.backfill({ users: ['a'], from: '2025-13-01', to: '2025-12-01' })).toThrow(
      /from must be a date/,
    );
    expect(() => sync.backfill({ users: ['a'], from: '2025-12-02', to: '2025-12-01' })).toThrow(
      /before from/,
    );
    expect(faults.stats.requests).toBe(0);
  });

  it('issue 32: users is a list of ids, never a string (a type error and a SyncInputError)', async () => {
    const faults = withFaults({ current: undefined });
    const { client } = sandboxClient({ wrap: faults.wrap });
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM });
    // @ts-expect-error a string is not a list of ids: its characters would be synced as users
    expect(() => sync.backfill({ users: 'alice', from: '2025-12-01', to: '2025-12-02' })).toThrow(
      SyncInputError,
    );
    expect(faults.stats.requests).toBe(0);
  });
});

describe('one team per store', () => {
  it("stops a backfill and an event with another team's key before any request or record", async () => {
    const faults = withFaults({ current: undefined });
    const { client } = sandboxClient({ wrap: faults.wrap });
    const { store } = await stores.open();
    await store.bindTeam(teamFingerprint('sk_test_another_team'));
    const sync = createSync({ client, store, team: TEAM, resources: ['sleep'] });
    await expect(
      sync.backfill({ users: ['alice'], from: '2025-12-01', to: '2025-12-31' }).result,
    ).rejects.toThrow(StoreTeamMismatchError);
    const event = parseEvent(
      JSON.stringify({
        id: 'evt_team',
        event_type: 'daily.data.sleep.created',
        user_id: 'u-1',
        client_user_id: 'alice',
        data: { calendar_date: '2025-12-02', source: { provider: 'oura', type: 'ring' } },
      }),
    );
    await expect(sync.handleEvent(event)).rejects.toThrow(StoreTeamMismatchError);
    expect(faults.stats.requests).toBe(0);
    expect(await store.status()).toMatchObject({ pending: 0, failed: 0, failedUsers: 0 });
  });

  it('needs the team: a missing one or a key given in its place is a SyncInputError', async () => {
    const { client } = sandboxClient();
    const { store } = await stores.open();
    // @ts-expect-error team is required
    expect(() => createSync({ client, store })).toThrow(/team is required/);
    expect(() => createSync({ client, store, team: 'sk_test_sync' })).toThrow(SyncInputError);
  });
});
