// Issue 45: svc-sync forget as a partner runs it, against a sandbox server: the provider deregistered at
// the service, its rows gone from the store, the receipt printed.
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { expect, it } from 'vitest';
import { createSync, openStore, teamFingerprint } from '../../src/index.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli } from '../fixtures/processes.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { receiptErrors } from './receipt-schema.js';

const KEY = 'sk_test_forget';
const sandbox = cliSandbox('sync-forget-cli');

it('issue 45: svc-sync forget deregisters the provider and drops its rows, printing the receipt', async () => {
  const address = `sqlite:${join(sandbox.dir, 'forget.db')}`;
  const client = createClient({ apiKey: KEY, baseUrl: sandbox.url, maxRetries: 0 });
  const store = await openStore(address);
  let userId: string;
  try {
    const sync = createSync({ client, store, team: teamFingerprint(KEY), resources: ['steps'] });
    await sync.backfill({ users: ['forget-cli'], from: '2026-01-02', to: '2026-01-04' }).result;
    userId = (await store.findUser('forget-cli'))?.userId as string;
  } finally {
    await store.close();
  }
  expect((await storedRows(address, [userId])).size).toBeGreaterThan(0);
  const run = await runCli(
    ['forget', '--store', address, '--user', 'forget-cli', '--provider', 'oura', '--base-url', sandbox.url],
    { SVC_API_KEY: KEY },
  );
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const receipt = JSON.parse(run.stdout);
  expect(receiptErrors(receipt)).toEqual([]);
  expect(receipt).toMatchObject({ kind: 'forget_provider', provider: 'oura', deregistered: true });
  expect(run.stdout).not.toContain(userId);
  expect((await storedRows(address, [userId])).size).toBe(0);
  const sources = (await client.resolveUser({ client_user_id: 'forget-cli' })).connected_sources ?? [];
  expect(sources.map((source) => source.source?.slug)).not.toContain('oura');
});

it('forgetting a provider the user never had says on stderr that nothing was removed, exit code unchanged', async () => {
  const address = `sqlite:${join(sandbox.dir, 'forget-never-had.db')}`;
  const client = createClient({ apiKey: KEY, baseUrl: sandbox.url, maxRetries: 0 });
  const store = await openStore(address);
  try {
    const sync = createSync({ client, store, team: teamFingerprint(KEY), resources: ['steps'] });
    await sync.backfill({ users: ['forget-never-had'], from: '2026-01-04', to: '2026-01-04' }).result;
  } finally {
    await store.close();
  }
  const run = await runCli(
    [
      'forget',
      ...['--store', address, '--user', 'forget-never-had', '--provider', 'never_connected'],
      ...['--base-url', sandbox.url],
    ],
    { SVC_API_KEY: KEY },
  );
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'forget_provider', deregistered: false });
  expect(run.stderr).toBe(
    'svc-sync: neither the store nor the service held this provider for this user: nothing was removed\n',
  );
  expect(run.stdout + run.stderr).not.toContain('forget-never-had');
});

it('forgetting a provider of a user the store does not know says on stderr that nothing was removed', async () => {
  const address = `sqlite:${join(sandbox.dir, 'forget-unknown.db')}`;
  await (await openStore(address)).close();
  const run = await runCli(
    [
      'forget',
      '--store',
      address,
      '--user',
      'forget-unknown',
      '--provider',
      'oura',
      '--base-url',
      sandbox.url,
    ],
    { SVC_API_KEY: KEY },
  );
  expect(run.code).toBe(0);
  expect(Object.values(JSON.parse(run.stdout).removed).every((n) => n === 0)).toBe(true);
  // The sandbox resolves any client user id to a user with oura connected: the service had the provider.
  expect(run.stderr).toBe(
    "svc-sync: the store held no rows of this provider for this user; the service's connection was removed\n",
  );
  expect(run.stdout + run.stderr).not.toContain('forget-unknown');
});
