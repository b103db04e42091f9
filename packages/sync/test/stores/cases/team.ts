// Issue 32: a store is bound to one team (a fingerprint of its key, never the key) and refuses another.
import { expect, it } from 'vitest';
import {
  checkStore,
  migrateStore,
  openStore,
  SCHEMA_VERSION,
  StoreTeamMismatchError,
  SyncInputError,
  teamFingerprint,
} from '../../../src/index.js';
import type { WithStore } from '../conformance.js';

const KEY_A = 'sk_us_team_a_4f1c2b9e7d3a5c60';
const KEY_B = 'sk_us_team_b_08e6d4c2a1f3b579';
const A = teamFingerprint(KEY_A);
const B = teamFingerprint(KEY_B);

export function teamCases(withStore: WithStore) {
  it(
    'binds to the first team and refuses another, naming both fingerprints and never a key',
    withStore(async ({ store, address, db }) => {
      await store.bindTeam(A);
      await store.bindTeam(A); // the same team again
      const reopened = await openStore(address);
      try {
        await reopened.bindTeam(A); // the binding outlives the process that made it
        const error = await reopened.bindTeam(B).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(StoreTeamMismatchError);
        expect(error).toMatchObject({ storeFingerprint: A, keyFingerprint: B });
        const message = (error as Error).message;
        expect(message).toContain(A);
        expect(message).toContain(B);
        expect(message).toContain('--rebind-team');
        expect(message).not.toContain('\n');
        for (const key of [KEY_A, KEY_B]) expect(message).not.toContain(key);
      } finally {
        await reopened.close();
      }
      // A key passed where a fingerprint belongs is refused before anything is stored.
      await expect(store.bindTeam(KEY_B)).rejects.toThrow(SyncInputError);
      const stored = await db.query(address, 'SELECT key, value FROM svc_meta ORDER BY key');
      expect(stored.map((row) => `${row.key}=${row.value}`)).toEqual([
        `schema_version=${SCHEMA_VERSION}`,
        `team=${A}`,
      ]);
    }),
  );

  it(
    'lets one of two processes binding at once win, and refuses the other',
    withStore(async ({ store, address }) => {
      const other = await openStore(address);
      try {
        const results = await Promise.allSettled([store.bindTeam(A), other.bindTeam(B)]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const [refused] = results.filter((result) => result.status === 'rejected');
        expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(StoreTeamMismatchError);
      } finally {
        await other.close();
      }
    }),
  );

  it(
    'moves to a rotated key only when told to (svc-sync migrate --rebind-team)',
    withStore(async ({ store, address }) => {
      await store.bindTeam(A);
      expect(await checkStore(address)).toMatchObject({ team: A });
      expect(await migrateStore(address, { rebindTeam: B })).toMatchObject({ previousTeam: A });
      await store.bindTeam(B);
      await expect(store.bindTeam(A)).rejects.toThrow(StoreTeamMismatchError);
      expect(await checkStore(address)).toMatchObject({ team: B });
      await expect(migrateStore(address, { rebindTeam: KEY_A })).rejects.toThrow(SyncInputError);
    }),
  );
}
