// One suite every store must pass: SQLite and PostgreSQL run the same cases, on a new store and on one
// created by every earlier schema and migrated.
import { describe, expect, it } from 'vitest';
import { openStore, type SyncStore, type SyncWindow } from '../../src/index.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { asSentCases } from './cases/as-sent.js';
import { fleetReadCases } from './cases/fleet-reads.js';
import { fleetCases, freshnessCases } from './cases/freshness.js';
import { groupCommitCases } from './cases/group-commit.js';
import { labCases } from './cases/lab.js';
import { readCases, userReadCases } from './cases/reads.js';
import { schemaCases } from './cases/schema.js';
import { stepDayCases } from './cases/step-days.js';
import { teamCases } from './cases/team.js';
import type { Databases } from './databases.js';
import { commitReads, stepRows, window } from './rows.js';

/** A store opened for one case, with its address, its rows read straight from the database (`key → value`), and the database. */
export interface StoreUnderTest {
  store: SyncStore;
  address: string;
  rows: () => Promise<Map<string, string>>;
  db: Databases;
}

export type WithStore = (test: (opened: StoreUnderTest) => Promise<void>) => () => Promise<void>;

/**
 * Every case on a new database of `db`, opened with `openStore`; with `from` (a fixture such as
 * `schema-v1`), on a database created by that earlier schema and migrated by opening it.
 */
export function storeConformance(db: Databases, from?: string) {
  const withStore: WithStore = (test) => async () => {
    const address = await db.fresh();
    if (from) await db.exec(address, db.fixture(from));
    const store = await openStore(address);
    try {
      await test({ store, address, rows: () => storedRows(address), db });
    } finally {
      await store.close();
    }
  };
  describe(`${db.name} store conformance${from ? `, migrated from ${from}` : ''}`, () => {
    it(
      'plans a new window once and skips it once it is covered',
      withStore(async ({ store }) => {
        const first = await store.planWindows([window()]);
        expect(first).toHaveLength(1);
        expect(await store.planWindows([window()])).toHaveLength(1); // still pending: owed again
        await store.commitWindow(first[0] as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z');
        expect(await store.planWindows([window()])).toEqual([]);
        expect((await store.status()).pending).toBe(0);
      }),
    );

    it(
      'replans a window whose data stopped at an earlier run end time',
      withStore(async ({ store }) => {
        const partial = window({ start: '2026-01-05', end: '2026-01-05' });
        const [planned] = await store.planWindows([partial]);
        await store.commitWindow(planned as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z');
        expect(await store.planWindows([partial])).toEqual([]);
        const later = await store.planWindows([{ ...partial, asOf: '2026-01-06T09:00:00.000Z' }]);
        expect(later).toHaveLength(1);
        expect(later[0]?.asOf).toBe('2026-01-06T09:00:00.000Z');
      }),
    );

    it(
      'replans a covered window when forced (the service announced new data)',
      withStore(async ({ store }) => {
        await commitReads(store, [1, '2026-01-05T10:00:00.000Z']);
        expect(await store.planWindows([window()], { force: true })).toHaveLength(1);
        expect((await store.status()).pending).toBe(1);
      }),
    );

    it(
      'upserts by natural key: committing the same window twice stores each row once',
      withStore(async ({ store, rows }) => {
        await commitReads(store, [5, '2026-01-05T10:00:00.000Z'], [5, '2026-01-05T10:00:01.000Z']);
        const status = await store.status();
        expect(status.rows).toMatchObject({ steps: 3, sleep: 1, activity: 0 });
        expect((await rows()).size).toBe(4);
      }),
    );

    it(
      'keeps a row stored from a later read when an older read commits after it (a backfill page never overwrites a webhook update)',
      withStore(async ({ store, rows }) => {
        await commitReads(store, [200, '2026-01-05T10:00:05.000Z'], [100, '2026-01-05T10:00:00.000Z']);
        const stored = await rows();
        expect([...stored.values()].every((value) => value.includes('200'))).toBe(true);
      }),
    );

    it(
      'does not mark a window done when it was planned again while it was being read',
      withStore(async ({ store }) => {
        const [reading] = await store.planWindows([window()]);
        await store.planWindows([window()], { force: true });
        await store.commitWindow(reading as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z');
        expect((await store.status()).pending).toBe(1);
      }),
    );

    it(
      'commits rows and checkpoint together: a failing row leaves neither',
      withStore(async ({ store }) => {
        const [planned] = await store.planWindows([window()]);
        const broken = stepRows(1);
        (broken.steps[1] as { unit: unknown }).unit = null;
        await expect(
          store.commitWindow(planned as SyncWindow, broken, '2026-01-05T10:00:00.000Z'),
        ).rejects.toThrow();
        const status = await store.status();
        expect(status.rows.steps ?? 0).toBe(0);
        expect(status.pending).toBe(1);
      }),
    );

    it(
      'records a failed window with its error and counts it',
      withStore(async ({ store }) => {
        const [planned] = await store.planWindows([window()]);
        await store.failWindow(planned as SyncWindow, {
          error: 'NotFoundError',
          status: 404,
          message: 'gone',
        });
        expect(await store.status()).toMatchObject({ pending: 0, failed: 1 });
        // A new run tries a failed window again.
        expect(await store.planWindows([window()])).toHaveLength(1);
      }),
    );

    it(
      'lists pending windows in key order, a page at a time',
      withStore(async ({ store }) => {
        const windows = ['u-3', 'u-1', 'u-2'].map((userId) => window({ userId }));
        await store.planWindows(windows);
        const first = await store.pendingWindows(2);
        expect(first.map((w) => w.userId)).toEqual(['u-1', 'u-2']);
        const next = await store.pendingWindows(2, first.at(-1));
        expect(next.map((w) => w.userId)).toEqual(['u-3']);
        expect(next[0]).toMatchObject({ asOf: '2026-01-05T09:00:00.000Z', generation: 1 });
      }),
    );

    it(
      'keeps users with their providers, and counts those that failed',
      withStore(async ({ store }) => {
        await store.saveUser({ clientUserId: 'alice', userId: 'u-1', providers: ['oura'], error: null });
        await store.saveUser({
          clientUserId: 'ghost',
          userId: null,
          providers: [],
          error: 'NotFoundError: 404',
        });
        expect(await store.findUser('alice')).toEqual({
          clientUserId: 'alice',
          userId: 'u-1',
          providers: ['oura'],
          error: null,
        });
        expect(await store.findUser('nobody')).toBeUndefined();
        expect((await store.status()).failedUsers).toBe(1);
      }),
    );

    it(
      'keeps a stored service id when the user is saved again without one (a resolve that failed)',
      withStore(async ({ store }) => {
        await store.saveUser({ clientUserId: 'alice', userId: 'u-1', providers: ['oura'], error: null });
        await store.saveUser({
          clientUserId: 'alice',
          userId: null,
          providers: [],
          error: 'NotFoundError: 404',
        });
        expect(await store.findUser('alice')).toEqual({
          clientUserId: 'alice',
          userId: 'u-1',
          providers: [],
          error: 'NotFoundError: 404',
        });
        await store.saveUser({ clientUserId: 'alice', userId: 'u-2', providers: ['oura'], error: null });
        expect((await store.findUser('alice'))?.userId).toBe('u-2');
      }),
    );

    asSentCases(withStore);
    readCases(withStore);
    stepDayCases(withStore);
    groupCommitCases(withStore);
    freshnessCases(withStore);
    fleetCases(withStore);
    fleetReadCases(withStore);
    userReadCases(withStore);
    labCases(withStore);
    teamCases(withStore);
    schemaCases(withStore);
  });
}
