// Issue 45: forgetting a provider a user disconnects deregisters it at the service, then drops that
// provider's rows (and only those) from the store and the user's providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetProvider, openStore } from '../../src/index.js';
import { sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { type Databases, postgresDatabases, sqliteDatabases } from '../stores/databases.js';
import { receiptErrors } from './receipt-schema.js';

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

const sqlite = sqliteDatabases();
const pgDatabases = postgresDatabases(() => postgres.url);
const databases: Record<string, () => Databases> = { SQLite: () => sqlite, PostgreSQL: () => pgDatabases };

describe.each(Object.keys(databases))('%s: forgetting a provider', (name) => {
  it("issue 45: deregisters it at the service and drops its rows, keeping the user's other data", async () => {
    const db = (databases[name] as () => Databases)();
    const address = await db.fresh();
    const store = await openStore(address);
    try {
      const { sandbox, client } = sandboxClient({ seed: 'sync-forget' });
      const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'] });
      await sync.backfill({ users: ['forget-me', 'forget-other'], from: '2026-01-02', to: '2026-01-04' })
        .result;
      const user = (await store.findUser('forget-me')) as { userId: string; providers: string[] };
      const provider = user.providers[0] as string;
      const before = await storedRows(address);
      const kept = new Map(
        [...before].filter(([key]) => {
          const [, userId, rowProvider] = key.split('|');
          return userId !== user.userId || rowProvider !== provider;
        }),
      );
      expect(kept.size).toBeLessThan(before.size);

      const receipt = await forgetProvider(client, store, { clientUserId: 'forget-me', provider });

      expect(receiptErrors(receipt)).toEqual([]);
      expect(receipt).toMatchObject({
        kind: 'forget_provider',
        provider,
        deregistered: true,
        tombstone: null,
      });
      expect(await storedRows(address)).toEqual(kept);
      expect((await store.findUser('forget-me'))?.providers).not.toContain(provider);
      // The service no longer lists it either.
      const sources = (await client.resolveUser({ client_user_id: 'forget-me' })).connected_sources ?? [];
      expect(sources.map((source) => source.source?.slug)).not.toContain(provider);
    } finally {
      await store.close();
    }
  });
});
