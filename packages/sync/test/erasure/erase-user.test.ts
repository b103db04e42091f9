// Issue 45: erasing one user of a fleet leaves none of their ids or values in the store's files, the queue
// or an export; a replayed webhook, a queued job or a backfill of theirs stores nothing until they are
// allowed again; the other users' rows are untouched. On SQLite and PostgreSQL, with a real Redis.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, unwrap } from '@svc/events';
import { createSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncQueue } from '../../src/bullmq.js';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import {
  allowUser,
  createSync,
  eraseUser,
  openStore,
  type SyncStore,
  type SyncWindow,
  storedSteps,
  storedSummaries,
} from '../../src/index.js';
import { SCHEMA_VERSION } from '../../src/stores/migrations/migrations.js';
import { API_KEY, TEAM } from '../fixtures/sandbox.js';
import { type RunningPostgres, type RunningServer, startPostgres, startRedis } from '../fixtures/servers.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { type Databases, postgresDatabases, sqliteDatabases } from '../stores/databases.js';
import { found, pgDump, pgTableFiles, redisKeysNaming, sqliteFiles } from './byte-scans.js';
import { receiptErrors } from './receipt-schema.js';

const FLEET = ['erase-alice-q7', 'keep-bob', 'keep-carol', 'keep-dave'];
const ERASED = FLEET[0] as string;
const RESOURCES = ['steps', 'sleep', 'activity'] as const;
const RANGE = { from: '2026-01-01', to: '2026-01-04' };

let postgres: RunningPostgres;
let redis: RunningServer;
const out = mkdtempSync(join(tmpdir(), 'svc-sync-erasure-'));
beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
});
afterAll(async () => {
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(out, { recursive: true, force: true });
});

/** A sandbox whose signed webhook deliveries are kept as sent (body and headers), to be replayed. */
function recordingSandbox() {
  const secret = generateWebhookSecret();
  const deliveries: { body: string; headers: Record<string, string> }[] = [];
  const sandbox = createSandbox({
    apiKey: API_KEY,
    seed: 'sync-erasure',
    webhooks: { url: 'https://receiver.example.test/webhooks', secret },
    webhookRetryDelaysMs: [1],
    webhookFetch: async (request: Request) => {
      deliveries.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
      return new Response(null, { status: 204 });
    },
  });
  const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch, maxRetries: 0 });
  return { sandbox, client, secret, deliveries };
}

/** Each stored row's record (or point) as stored, by user. */
async function recordsByUser(store: SyncStore): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  const add = (userId: string, data: unknown) => {
    if (data !== undefined) byUser.set(userId, [...(byUser.get(userId) ?? []), JSON.stringify(data)]);
  };
  for await (const row of storedSteps(store)) add(row.userId, row.data);
  for await (const row of storedSummaries(store)) add(row.userId, row.data);
  return byUser;
}

/** The other users' rows and checkpoints, as one checksum and counts per table. */
async function othersState(db: Databases, address: string, erasedId: string) {
  const rows = [...(await storedRows(address))].filter(([key]) => key.split('|')[1] !== erasedId).sort();
  const counts: Record<string, unknown> = {};
  for (const table of ['svc_steps', 'svc_summaries', 'svc_windows'])
    counts[table] = Number(
      (await db.query(address, `SELECT count(*) AS n FROM ${table} WHERE user_id <> '${erasedId}'`))[0]?.n,
    );
  counts.svc_users = Number(
    (await db.query(address, `SELECT count(*) AS n FROM svc_users WHERE client_user_id <> '${ERASED}'`))[0]
      ?.n,
  );
  return {
    rows: rows.length,
    checksum: createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
    counts,
  };
}

interface Kind {
  db: () => Databases;
  /** Every place the erased user's bytes must be gone from, with a name for each. */
  places: (address: string) => Promise<Record<string, Buffer>>;
}

const sqlite = sqliteDatabases();
const pgDatabases = postgresDatabases(() => postgres.url);
const KINDS: Record<string, Kind> = {
  SQLite: {
    db: () => sqlite,
    places: async (address) => ({ 'database and WAL': sqliteFiles(address.slice('sqlite:'.length)) }),
  },
  PostgreSQL: {
    db: () => pgDatabases,
    places: async (address) => ({
      pg_dump: pgDump(address),
      'table files': (await pgTableFiles(address)).bytes,
    }),
  },
};

describe.each(Object.keys(KINDS))('%s: erasing one user of a fleet', (kind) => {
  it("answers checks made at once (a worker's jobs starting together) each on its own, counting every refusal of an erased user", async () => {
    const { db } = KINDS[kind] as Kind;
    const address = await db().fresh();
    const store = await openStore(address);
    try {
      const { tombstone } = await store.eraseUser({ clientUserId: 'gone-q1', userId: 'u-gone-q1' });
      // On PostgreSQL the first check goes alone and the others, made while it is on its way, together.
      const checks = [
        { userId: 'u-gone-q1' },
        { userId: 'u-kept-1' },
        { clientUserId: 'gone-q1' },
        { userId: 'u-gone-q1' },
        { clientUserId: 'kept-2' },
        { userId: 'u-kept-1' },
      ];
      expect(await Promise.all(checks.map((ids) => store.refuseErased(ids)))).toEqual([
        tombstone,
        undefined,
        tombstone,
        tombstone,
        undefined,
        undefined,
      ]);
      const [row] = await db().query(address, 'SELECT refused FROM svc_tombstones');
      expect(Number(row?.refused)).toBe(3);
    } finally {
      await store.close();
    }
  });

  it('issue 45: leaves none of their bytes in the store or the queue, stores nothing of theirs again until allowed, and keeps the others as they were', async () => {
    const { db, places } = KINDS[kind] as Kind;
    const address = await db().fresh();
    const store = await openStore(address);
    const queue = createSyncQueue({ redis: redis.url, queueName: `erasure-${kind}` });
    try {
      const { sandbox, client, secret, deliveries } = recordingSandbox();
      const sync = createSync({
        client,
        store,
        team: TEAM,
        resources: RESOURCES,
        now: () => new Date(sandbox.clock.now()),
      });
      expect((await sync.backfill({ users: FLEET, ...RANGE }).result).status).toBe('done');
      // Midnight passes in the sandbox: its daily.data deliveries are kept, to be replayed after the erasure.
      sandbox.clock.advance({ seconds: 86_400 });
      await sandbox.webhooks.flush();
      const erasedId = (await store.findUser(ERASED))?.userId as string;
      const bobId = (await store.findUser('keep-bob'))?.userId as string;
      const theirDeliveries = deliveries.filter((d) => d.body.includes(erasedId));
      expect(theirDeliveries.length).toBeGreaterThan(0);

      // Jobs on the queue for the erased user and for bob.
      const window = (userId: string, start: string): SyncWindow => ({
        userId,
        resource: 'steps',
        provider: 'oura',
        start,
        end: start,
        asOf: '2026-01-05T09:00:00.000Z',
        generation: 1,
      });
      for (const start of ['2026-01-02', '2026-01-03', '2026-01-04'])
        await queue.dispatch(window(erasedId, start));
      for (const start of ['2026-01-02', '2026-01-03']) await queue.dispatch(window(bobId, start));

      // Their ids, and records and points of theirs no other user has (short enough to sit on one page).
      const records = await recordsByUser(store);
      const others = [...records].filter(([userId]) => userId !== erasedId).flatMap(([, r]) => r);
      const distinctive = [...new Set(records.get(erasedId))]
        .filter((text) => text.length >= 24 && text.length <= 1500 && !others.some((o) => o.includes(text)))
        .slice(0, 30);
      expect(distinctive.length).toBeGreaterThanOrEqual(10);
      const needles = [erasedId, ERASED, ...distinctive];
      // The scans see them before the erasure: each place can fail this test.
      for (const [place, bytes] of Object.entries(await places(address)))
        expect({ place, found: found(bytes, needles).length }).toEqual({ place, found: needles.length });
      expect(await redisKeysNaming(redis.url, erasedId)).not.toEqual([]);
      const before = await othersState(db(), address, erasedId);

      const receipt = await eraseUser(store, { clientUserId: ERASED, queue });

      expect(receiptErrors(receipt)).toEqual([]);
      expect(found(Buffer.from(JSON.stringify(receipt)), needles)).toEqual([]);
      expect(receipt).toMatchObject({
        kind: 'erase_user',
        store: { kind: kind === 'SQLite' ? 'sqlite' : 'postgres', schemaVersion: SCHEMA_VERSION },
        scrub: { complete: true },
        queue: { jobs: 3, leftActive: 0 },
      });
      expect(receipt.removed).toMatchObject({ svc_users: 1 });
      for (const table of ['svc_steps', 'svc_summaries', 'svc_windows'])
        expect(receipt.removed[table]).toBeGreaterThan(0);
      for (const [place, bytes] of Object.entries(await places(address)))
        expect({ place, found: found(bytes, needles) }).toEqual({ place, found: [] });
      expect(await redisKeysNaming(redis.url, erasedId)).toEqual([]);
      expect((await queue.counts()).wait).toBe(2);
      expect(await othersState(db(), address, erasedId)).toEqual(before);

      // A replayed signed delivery of theirs is answered and counted, and stores nothing (a delivery the
      // sync does not act on, of a resource it does not keep, stores nothing either way).
      let refused = 0;
      for (const delivery of theirDeliveries) {
        const event = await unwrap(delivery.body, delivery.headers, { secret });
        const handled = await sync.handleEvent(event);
        expect(handled.queued).toBe(0);
        if (handled.erased === undefined) continue;
        expect(handled.erased).toBe(receipt.tombstone);
        refused++;
      }
      expect(refused).toBeGreaterThan(0);
      await sync.idle();
      const [tombstone] = await db().query(address, 'SELECT * FROM svc_tombstones');
      expect(Number(tombstone?.refused)).toBe(refused);
      expect(found(Buffer.from(JSON.stringify(tombstone)), needles)).toEqual([]);
      // A job of theirs a worker had already taken commits nothing; a backfill skips them.
      await store.commitWindow(
        window(erasedId, '2026-01-04'),
        {
          steps: [
            {
              userId: erasedId,
              provider: 'oura',
              start: '2026-01-04T10:00:00.000Z',
              end: '2026-01-04T11:00:00.000Z',
              unit: 'count',
              value: 1,
            },
          ],
          summaries: [],
        },
        new Date().toISOString(),
      );
      const again = await sync.backfill({ users: FLEET, ...RANGE }).result;
      expect(again.progress.users).toMatchObject({ erased: 1, planned: 3 });
      const theirs = [...(await storedRows(address))].filter(([key]) => key.split('|')[1] === erasedId);
      expect(theirs).toEqual([]);
      expect(await store.findUser(ERASED)).toBeUndefined();
      expect(await othersState(db(), address, erasedId)).toEqual(before);

      // An export after the erasure has no resource of theirs (and the others' as before).
      const exported = join(out, `export-${kind}`);
      await exportFhirNdjson(store, exported, { resources: RESOURCES, steps: 'hourly' });
      const files = Buffer.concat(readdirSync(exported).map((file) => readFileSync(join(exported, file))));
      expect(found(files, needles)).toEqual([]);
      expect(files.includes(Buffer.from(bobId))).toBe(true);

      // Allowed again by the partner, the user is stored again.
      expect(await allowUser(store, ERASED)).toBe(true);
      expect((await sync.backfill({ users: [ERASED], ...RANGE }).result).progress.users.planned).toBe(1);
      const back = [...(await storedRows(address))].filter(([key]) => key.split('|')[1] === erasedId);
      expect(back.length).toBeGreaterThan(0);
    } finally {
      await queue.close();
      await store.close();
    }
  }, 180_000);
});
