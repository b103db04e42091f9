import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_cli';
const sandbox = cliSandbox('sync-cli');
const dir = sandbox.dir;

const env = { SVC_API_KEY: KEY };
const oneLine = (text: string) => expect(text.trim().split('\n')).toHaveLength(1);
/** A backfill of one user over two days, for the runs refused before they read anything. */
const TWO_DAYS = ['--users', 'a', '--from', '2025-12-01', '--to', '2025-12-02'];

describe('svc-sync backfill and status', () => {
  it('backfills users from a file into SQLite, and status --json counts the rows stored', async () => {
    const users = join(dir, 'users.txt');
    writeFileSync(users, '# fleet\nalice\n\nbob\n');
    const store = `sqlite:${join(dir, 'fleet.db')}`;
    const args = ['backfill', '--store', store, '--users', `@${users}`, '--resources', 'steps,sleep'];
    const range = [
      '--from',
      '2025-12-01',
      '--to',
      '2025-12-31',
      '--base-url',
      sandbox.url,
      '--concurrency',
      '8',
    ];
    const run = await runCli([...args, ...range], env);
    expect(run.stderr).toMatch(/windows \d+\/\d+/); // plain progress lines: stderr is not a terminal
    expect(run.stdout).toMatch(/^done: \d+ windows stored/);
    expect(run.code).toBe(0);

    const client = createClient({ apiKey: KEY, baseUrl: sandbox.url });
    const truth = await sandboxTruth(
      client,
      ['alice', 'bob'],
      ['steps', 'sleep'],
      '2025-12-01',
      '2025-12-31',
    );
    expect(await storedRows(store)).toEqual(truth);
    // Issue 34: progress as JSON lines counts n of N users, N read from the file first.
    const again = await runCli([...args, ...range, '--progress', 'json'], env);
    expect(again.code).toBe(0);
    const last = JSON.parse(again.stderr.trim().split('\n').at(-1) as string);
    expect(last).toMatchObject({ users: { seen: 2, total: 2 }, windows: { planned: 0 }, finished: true });
    const status = await runCli(['status', '--store', store, '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      rows: { steps: 2 * 31 * 24, sleep: 2 * 31, activity: 0 },
      pending: 0,
      failed: 0,
    });
  });

  it('a run that ends with a failed user exits 5 with one svc-sync: line on stderr naming it, and retry without days says it did not retry the user', async () => {
    const store = `sqlite:${join(dir, 'ghost.db')}`;
    const run = await runCli(
      [
        'backfill',
        '--store',
        store,
        '--users',
        'alice,unknown_ghost',
        '--resources',
        'sleep',
        '--from',
        '2025-12-01',
        '--to',
        '2025-12-02',
        '--base-url',
        sandbox.url,
        '--progress',
        'none',
      ],
      env,
    );
    expect(run.code).toBe(5);
    // The outcome line on stdout is as it was; the failure is also the one line the README promises.
    expect(run.stdout).toMatch(
      /^done_with_failures: .*; users failed: unknown_ghost \(svc-sync status --failed\);/,
    );
    expect(run.stderr).toBe(
      'svc-sync: 1 user (unknown_ghost) failed for good (svc-sync status --failed says why)\n',
    );

    const retry = await runCli(
      ['retry', '--store', store, '--base-url', sandbox.url, '--progress', 'none'],
      env,
    );
    expect(retry.code).toBe(5);
    expect(retry.stdout).toBe(
      'not retrying user unknown_ghost\nnot retried: 1 failed users (give --from and --to: the days to read for them)\n',
    );
    expect(retry.stderr).toBe(
      'svc-sync: 1 failed users not retried: give --from and --to, the days to read for them\n',
    );
  });

  it('exits 2 with one line when SVC_API_KEY is missing', async () => {
    const run = await runCli(['backfill', '--store', `sqlite:${join(dir, 'x.db')}`, ...TWO_DAYS]);
    expect(run.code).toBe(2);
    oneLine(run.stderr);
    expect(run.stderr).toMatch(/SVC_API_KEY is not set/);
  });

  it('exits 2 with one line for a bad store address, without echoing it', async () => {
    const run = await runCli(['status', '--store', 'mysql://root:hunter2@db/x'], env);
    expect(run.code).toBe(2);
    oneLine(run.stderr);
    expect(run.stderr).toMatch(/unsupported store "mysql:"/);
    expect(run.stderr).not.toMatch(/hunter2/);
  });

  it('exits 2 for an unknown resource and for a bad date, before any request', async () => {
    const store = `sqlite:${join(dir, 'bad.db')}`;
    const base = ['backfill', '--store', store, '--users', 'a', '--base-url', sandbox.url];
    const resource = await runCli(
      [...base, '--resources', 'heartrate', '--from', '2025-12-01', '--to', '2025-12-02'],
      env,
    );
    expect(resource.code).toBe(2);
    expect(resource.stderr).toMatch(/unknown resource "heartrate"/);
    const date = await runCli([...base, '--from', '2025-12-41', '--to', '2025-12-02'], env);
    expect(date.code).toBe(2);
    oneLine(date.stderr);
  });

  it('exits 3 with one line when the SQLite file is locked by another process', async () => {
    const path = join(dir, 'locked.db');
    // Whichever driver this Node has (node:sqlite from 22.13, better-sqlite3 before).
    const holder = sqliteDriver().open(path, false);
    holder.exec('PRAGMA journal_mode = WAL');
    holder.exec('CREATE TABLE held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1)');
    try {
      const run = await runCli(
        [
          'backfill',
          '--store',
          `sqlite:${path}`,
          '--users',
          'alice',
          '--from',
          '2025-12-01',
          '--to',
          '2025-12-02',
          '--base-url',
          sandbox.url,
        ],
        env,
      );
      expect(run.code).toBe(3);
      oneLine(run.stderr);
      expect(run.stderr).toMatch(/is locked by another process/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('exits 3 with one line when PostgreSQL cannot be reached, without the password', async () => {
    const run = await runCli(['status', '--store', 'postgres://svc:pw-secret@127.0.0.1:1/db']);
    expect(run.code).toBe(3);
    oneLine(run.stderr);
    expect(run.stderr).not.toMatch(/pw-secret/);
  });

  it('issue 32: exits 2 with one line for a bad port, Redis address, PostgreSQL URL or command', async () => {
    const store = `sqlite:${join(dir, 'args.db')}`;
    const cases = [
      ['webhooks', '--store', store, '--port', '99999', '--secret', 'whsec_x', '--base-url', sandbox.url],
      ['backfill', '--store', store, ...TWO_DAYS, '--redis', 'not a url'],
      ['status', '--store', 'postgres://svc:pw-secret@127.0.0.1:99999/db'],
      ['constructor', '--store', store, '--base-url', sandbox.url],
    ];
    for (const args of cases) {
      const run = await runCli(args, env);
      expect(run.code, args.join(' ')).toBe(2);
      oneLine(run.stderr);
      expect(run.stderr).toMatch(/^svc-sync: /);
      expect(run.stderr).not.toMatch(/pw-secret/);
    }
  });
});
