// svc-sync migrate [--check] [--rebind-team], run as a partner runs it (a child process, on SQLite).
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, teamFingerprint } from '../../src/index.js';
import { runCli, stopChildren } from '../fixtures/processes.js';
import { sqliteDatabases } from './databases.js';

const sqlite = sqliteDatabases();
afterAll(() => stopChildren());

const oneLine = (text: string) => expect(text.trim().split('\n')).toHaveLength(1);

async function storeOfSchema1(): Promise<string> {
  const address = await sqlite.fresh();
  await sqlite.exec(address, sqlite.fixture('schema-v1'));
  return address;
}

describe('svc-sync migrate', () => {
  it('--check exits 8 while a migration is due and changes nothing; migrate then brings the store up to date', async () => {
    const address = await storeOfSchema1();
    const due = await runCli(['migrate', '--store', address, '--check']);
    expect(due.code).toBe(8);
    oneLine(due.stderr);
    expect(due.stderr).toMatch(
      new RegExp(
        `^svc-sync: a migration is due: the store is at schema version 1, this svc-sync writes ${SCHEMA_VERSION}`,
      ),
    );
    const json = await runCli(['migrate', '--store', address, '--check', '--json']);
    expect({ code: json.code, stdout: JSON.parse(json.stdout) }).toEqual({
      code: 8,
      stdout: { version: 1, latest: SCHEMA_VERSION, due: true, team: null },
    });

    const migrated = await runCli(['migrate', '--store', address]);
    expect({ code: migrated.code, stdout: migrated.stdout, stderr: migrated.stderr }).toEqual({
      code: 0,
      stdout: `migrated from schema version 1 to ${SCHEMA_VERSION}\n`,
      stderr: '',
    });
    const current = await runCli(['migrate', '--store', address, '--check']);
    expect({ code: current.code, stdout: current.stdout }).toEqual({
      code: 0,
      stdout: `up to date: schema version ${SCHEMA_VERSION}\n`,
    });
  });

  it('issue 34: status and export leave a store due a migration as it is, saying so in one line (exit 8)', async () => {
    const address = await storeOfSchema1();
    for (const args of [['status'], ['export', '--format', 'fhir-ndjson', '--out', sqlite.dir]]) {
      const run = await runCli([...args, '--store', address]);
      expect(run.code).toBe(8);
      expect(run.stderr).toBe(
        `svc-sync: the store is at schema version 1, this svc-sync reads ${SCHEMA_VERSION}: run svc-sync migrate --store <address> first (this command changes nothing)\n`,
      );
    }
    expect((await runCli(['migrate', '--store', address, '--check'])).code).toBe(8);
  });

  it('refuses a store newer than itself in one line, exit 8, in migrate and in every other command', async () => {
    const address = await sqlite.fresh();
    expect((await runCli(['migrate', '--store', address])).code).toBe(0);
    await sqlite.exec(
      address,
      `UPDATE svc_meta SET value = '${SCHEMA_VERSION + 1}' WHERE key = 'schema_version'`,
    );
    for (const args of [['migrate'], ['status']]) {
      const run = await runCli([...args, '--store', address]);
      expect(run.code).toBe(8);
      oneLine(run.stderr);
      expect(run.stderr).toMatch(
        /^svc-sync: .* has schema version \d+, newer than this @svc\/sync understands/,
      );
    }
  });

  it('--rebind-team binds the store to the key in SVC_API_KEY, naming fingerprints only', async () => {
    const address = await sqlite.fresh();
    const missing = await runCli(['migrate', '--store', address, '--rebind-team']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/SVC_API_KEY/);
    const first = await runCli(['migrate', '--store', address, '--rebind-team'], {
      SVC_API_KEY: 'sk_old_key_1',
    });
    expect(first.stdout).toContain(
      `bound to the team key with fingerprint ${teamFingerprint('sk_old_key_1')}\n`,
    );
    const rotated = await runCli(['migrate', '--store', address, '--rebind-team'], {
      SVC_API_KEY: 'sk_new_key_2',
    });
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toBe(
      `up to date: schema version ${SCHEMA_VERSION}\n` +
        `bound to the team key with fingerprint ${teamFingerprint('sk_new_key_2')} (was ${teamFingerprint('sk_old_key_1')})\n`,
    );
    expect(rotated.stdout + rotated.stderr).not.toContain('sk_new_key_2');
  });

  it('answers bad arguments with exit 2 and one line', async () => {
    for (const args of [['migrate'], ['migrate', '--store', 'mysql://root:pw@db/x']]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      oneLine(run.stderr);
      expect(run.stderr).not.toContain('pw@');
    }
  });
});
