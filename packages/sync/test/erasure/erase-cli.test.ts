// Issue 45: svc-sync erase, retain and scrub as a partner runs them: the receipt on stdout and in
// --receipt FILE (0600, never through a symbolic link), no raw id anywhere it prints; an erased user's
// delivery to the receiver is answered 202 and logged by its tombstone, never by the id.
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWebhookSecret, signWebhook } from '@svc/events';
import { afterAll, describe, expect, it } from 'vitest';
import { eraseUser, openStore } from '../../src/index.js';
import { USER_TABLES } from '../../src/stores/erasure-plan.js';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import { webhooksArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { API_KEY, sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { found } from './byte-scans.js';
import { receiptErrors } from './receipt-schema.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-erase-cli-'));
/** The sandbox as a server, for the erasures that resolve a user through the service. */
const service = cliSandbox('sync-erase-cli');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A SQLite store holding two users from the sandbox; the erased one's service id. */
async function filledStore(name: string) {
  const address = `sqlite:${join(dir, `${name}.db`)}`;
  const store = await openStore(address);
  try {
    const { sandbox, client } = sandboxClient({ seed: 'sync-erase-cli' });
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'] });
    await sync.backfill({ users: ['cli-erased-x9', 'cli-kept'], from: '2026-01-02', to: '2026-01-04' })
      .result;
    return { address, userId: (await store.findUser('cli-erased-x9'))?.userId as string };
  } finally {
    await store.close();
  }
}

describe('svc-sync erase', () => {
  it('issue 45: prints the receipt and writes it 0600, refuses a receipt path that is a symbolic link, and never prints the id', async () => {
    const { address, userId } = await filledStore('erase');
    const needles = ['cli-erased-x9', userId];
    // A receipt path that is a link is refused before anything is erased.
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, 'untouched');
    symlinkSync(target, join(dir, 'link.json'));
    const refused = await runCli([
      'erase',
      '--store',
      address,
      '--user',
      'cli-erased-x9',
      '--receipt',
      join(dir, 'link.json'),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^svc-sync: --receipt .* is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('untouched');

    const file = join(dir, 'receipt.json');
    const erased = await runCli(['erase', '--store', address, '--user', 'cli-erased-x9', '--receipt', file]);
    expect(erased).toMatchObject({ code: 0, stderr: '' });
    const printed = JSON.parse(erased.stdout);
    expect(receiptErrors(printed)).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(printed);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(found(Buffer.from(erased.stdout + erased.stderr + readFileSync(file, 'utf8')), needles)).toEqual(
      [],
    );
    expect(printed.removed.svc_steps).toBeGreaterThan(0);

    // An erased user's delivery: answered 202, logged by the tombstone, nothing stored.
    const secret = generateWebhookSecret();
    const receiver = startCli([...webhooksArgs(address, 'http://127.0.0.1:9'), '--log', 'json'], {
      SVC_API_KEY: API_KEY,
      SVC_WEBHOOK_SECRET: secret,
    });
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    const body = JSON.stringify({
      event_type: 'daily.data.steps.created',
      user_id: userId,
      client_user_id: 'cli-erased-x9',
      data: { provider: 'oura', calendar_date: '2026-01-03' },
    });
    const answer = await fetch(url, { method: 'POST', headers: await signWebhook(body, { secret }), body });
    expect(answer.status).toBe(202);
    await stop(receiver.child, 'SIGTERM');
    const ended = await receiver.result;
    const line = ended.stdout.split('\n').find((l) => l.includes('user erased'));
    expect(JSON.parse(line as string)).toMatchObject({
      status: 202,
      user_id: null,
      reason: `user erased (tombstone ${printed.tombstone.slice(0, 16)}): nothing stored`,
    });
    expect(found(Buffer.from(ended.stdout + ended.stderr), needles)).toEqual([]);
    expect((await storedRows(address, [userId])).size).toBe(0);

    // Allowed again: the tombstone goes.
    const allowed = await runCli(['erase', '--store', address, '--user', 'cli-erased-x9', '--allow']);
    expect(allowed).toMatchObject({ code: 0, stdout: '{"allowed":true}\n' });
  }, 120_000);

  it('erasing an id neither the store nor the service knows exits 0 with a tombstone, and says on stderr that the store held no rows', async () => {
    const address = `sqlite:${join(dir, 'typo.db')}`;
    await (await openStore(address)).close();
    const run = await runCli(
      ['erase', '--store', address, '--user', 'unknown_typo', '--base-url', service.url],
      {
        SVC_API_KEY: API_KEY,
      },
    );
    expect(run.code).toBe(0);
    const receipt = JSON.parse(run.stdout);
    expect(Object.values(receipt.removed).every((n) => n === 0)).toBe(true);
    expect(receipt.tombstone).toEqual(expect.any(String));
    expect(run.stderr).toBe(
      'svc-sync: the store held no rows for this user; the tombstone keeps any from being stored\n',
    );
    expect(run.stdout + run.stderr).not.toContain('unknown_typo');
  });

  it('issue 45: a user the store has no service id for needs the key to be resolved; nothing is erased without it', async () => {
    const { address } = await filledStore('unknown');
    const run = await runCli(['erase', '--store', address, '--user', 'never-synced']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^svc-sync: the store has no service user id for this user: set SVC_API_KEY/);
    expect(run.stderr).not.toContain('never-synced');
  });

  it('a user whose resolve later fails for good keeps its service id, and erase still removes every row', async () => {
    const address = `sqlite:${join(dir, 'gone.db')}`;
    const store = await openStore(address);
    let userId: string;
    try {
      const { sandbox, client } = sandboxClient({ seed: 'sync-erase-gone' });
      const days = { from: '2026-01-02', to: '2026-01-04' };
      await sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'] }).backfill({
        users: ['gone-x9'],
        ...days,
      }).result;
      userId = (await store.findUser('gone-x9'))?.userId as string;
      expect((await storedRows(address, [userId])).size).toBeGreaterThan(0);
      // The next night the service answers 404 for the user (deleted there, or a wrong gateway path).
      const gone = sandboxClient({
        seed: 'sync-erase-gone',
        wrap: (fetch) =>
          (async (request: Request) =>
            new URL(request.url).pathname.startsWith('/v2/user/resolve/')
              ? Response.json({ detail: 'not found' }, { status: 404 })
              : fetch(request)) as typeof globalThis.fetch,
      });
      const failed = await sandboxSync(gone.sandbox, gone.client, store, {
        resources: ['steps', 'sleep'],
      }).backfill({ users: ['gone-x9'], ...days }).result;
      expect(failed.progress.users.failedIds).toEqual(['gone-x9']);
      expect(await store.findUser('gone-x9')).toMatchObject({
        userId,
        providers: [],
        error: expect.any(String),
      });
    } finally {
      await store.close();
    }
    // The store still names the rows' owner, so no key is needed and nothing is left behind.
    const erased = await runCli(['erase', '--store', address, '--user', 'gone-x9']);
    expect(erased).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(erased.stdout).removed.svc_steps).toBeGreaterThan(0);
    expect((await storedRows(address, [userId])).size).toBe(0);
  }, 60_000);

  it('issue 45: an erasure run again (after a failure) finds no row and still rewrites the files', async () => {
    const { address } = await filledStore('again');
    const store = await openStore(address);
    try {
      const first = await eraseUser(store, { clientUserId: 'cli-erased-x9', scrub: 'later' });
      expect(first.scrub).toMatchObject({ method: 'deferred', complete: false });
      const again = await eraseUser(store, { clientUserId: 'cli-erased-x9' });
      expect(again.removed).toEqual(Object.fromEntries(Object.keys(USER_TABLES).map((table) => [table, 0])));
      expect(again.tombstone).toBe(first.tombstone);
      expect(again.scrub).toMatchObject({ method: 'sqlite-vacuum', complete: true });
      expect(again.scrub.tables.sort()).toEqual(Object.keys(USER_TABLES).sort());
    } finally {
      await store.close();
    }
  });

  it('issue 45: retain and scrub run as commands, with the same receipt', async () => {
    const { address } = await filledStore('retain');
    const file = join(dir, 'retention.json');
    const retained = await runCli([
      'retain',
      '--store',
      address,
      '--retain-days',
      'steps=1',
      '--receipt',
      file,
    ]);
    expect(retained.code).toBe(0);
    const receipt = JSON.parse(readFileSync(file, 'utf8'));
    expect(receiptErrors(receipt)).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'retention', retainDays: { steps: 1 } });
    expect(receipt.removed.svc_steps).toBeGreaterThan(0);
    const bad = await runCli(['retain', '--store', address, '--retain-days', 'steps=0']);
    expect(bad.code).toBe(2);
    const scrubbed = await runCli(['scrub', '--store', address, '--json']);
    expect(scrubbed.code).toBe(0);
    expect(JSON.parse(scrubbed.stdout)).toMatchObject({ method: 'sqlite-vacuum', complete: true });
  });

  it('a scrub another connection keeps from emptying the WAL exits 4 with one svc-sync: line on stderr', async () => {
    const { address } = await filledStore('held');
    // A reader holding an old snapshot: the WAL cannot be truncated under it.
    const reader = sqliteDriver().open(address.slice('sqlite:'.length), false);
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) AS n FROM svc_meta').get();
      const held = await runCli(['scrub', '--store', address, '--json']);
      expect(held.code).toBe(4);
      expect(JSON.parse(held.stdout)).toMatchObject({ method: 'sqlite-vacuum', complete: false });
      expect(held.stderr).toBe(
        'svc-sync: the WAL is still held by another connection, so deleted bytes may remain in it: run svc-sync scrub again once it is idle\n',
      );
    } finally {
      reader.exec('ROLLBACK');
      reader.close();
    }
  }, 60_000);
});
