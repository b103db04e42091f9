// Issue 34: the schema version lives in the store; a store newer than this @svc/sync is refused.
import { expect, it } from 'vitest';
import {
  checkStore,
  migrateStore,
  openStore,
  SCHEMA_VERSION,
  StoreVersionError,
} from '../../../src/index.js';
import type { WithStore } from '../conformance.js';

export function schemaCases(withStore: WithStore) {
  it(
    'records its schema version, and refuses a newer store in one line without changing it',
    withStore(async ({ address, db }) => {
      expect(await checkStore(address)).toEqual({
        version: SCHEMA_VERSION,
        latest: SCHEMA_VERSION,
        due: false,
        team: null,
      });
      const newer = String(SCHEMA_VERSION + 1);
      await db.exec(address, `UPDATE svc_meta SET value = '${newer}' WHERE key = 'schema_version'`);
      const error = await openStore(address).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(StoreVersionError);
      expect(error).toMatchObject({ storeVersion: SCHEMA_VERSION + 1, supportedVersion: SCHEMA_VERSION });
      expect((error as Error).message).toMatch(/schema version \d+, newer than .* upgrade @svc\/sync/);
      expect((error as Error).message).not.toContain('\n');
      await expect(checkStore(address)).rejects.toThrow(StoreVersionError);
      await expect(migrateStore(address)).rejects.toThrow(StoreVersionError);
      const kept = await db.query(address, `SELECT value FROM svc_meta WHERE key = 'schema_version'`);
      expect(kept.map((row) => row.value)).toEqual([newer]);
    }),
  );
}
