// svc-sync serve as an operator starts it: a port or address it cannot bind is told as webhooks tells it
// (one line naming the option, exit 2), and a key without a service URL does not stop a console that
// only reads the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { runCli, startCli, stop, stopChildren, waitForLine } from '../fixtures/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-serve-'));
afterAll(async () => {
  await stopChildren();
  rmSync(dir, { recursive: true, force: true });
});

const KEY = 'sk_test_serve';
/** Nothing listens there: the receiver is refused before it would read from it. */
const NOWHERE = 'http://127.0.0.1:9';

/** A store at its current schema (serve reads only: it refuses an address that holds nothing yet). */
async function madeStore(name: string): Promise<string> {
  const address = `sqlite:${join(dir, `${name}.db`)}`;
  await (await openStore(address)).close();
  return address;
}

/** A port held by this test until `close`. */
async function heldPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('svc-sync serve', () => {
  it('answers a busy port as webhooks does: one line naming --port, exit 2', async () => {
    const store = await madeStore('busy');
    const held = await heldPort();
    try {
      const serve = await runCli(['serve', '--store', store, '--port', String(held.port)]);
      const webhooks = await runCli(
        ['webhooks', '--store', store, '--port', String(held.port), '--base-url', NOWHERE],
        { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: 'whsec_c2VydmUtdGVzdA==' },
      );
      const line = `svc-sync: port ${held.port} is already in use: pass --port <another port> (0 picks a free one)\n`;
      expect(webhooks).toMatchObject({ code: 2, stderr: line });
      expect(serve).toMatchObject({ code: 2, stderr: line });
    } finally {
      await held.close();
    }
  });

  it('answers a --host that does not resolve in one line naming --host, exit 2', async () => {
    const store = await madeStore('host');
    const run = await runCli(['serve', '--store', store, '--port', '0', '--host', 'no-such-host.invalid']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^svc-sync: cannot listen on no-such-host\.invalid:0 \((ENOTFOUND|EAI_AGAIN)\): pass --host 127\.0\.0\.1 or another --port\n$/,
    );
  });

  it('starts with SVC_API_KEY set but no service URL, saying once that the next run reads a retry', async () => {
    const store = await madeStore('no-url');
    const serve = startCli(['serve', '--store', store, '--port', '0'], {
      SVC_API_KEY: KEY,
      SVC_BASE_URL: '',
    });
    await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && !serve.output().stderr; )
      await new Promise((resolve) => setTimeout(resolve, 50));
    await stop(serve.child, 'SIGTERM');
    const ended = await serve.result;
    expect(ended.code).toBe(0);
    expect(ended.stderr).toBe(
      'svc-sync: SVC_API_KEY is set but no --base-url or SVC_BASE_URL: a retry from the page plans the ' +
        'windows again, and the next backfill, webhooks or worker run reads them\n',
    );
    // A URL given is still judged: one that cannot be used is refused before the store is opened.
    const typo = await runCli(['serve', '--store', store, '--port', '0', '--base-url', 'ftp://svc'], {
      SVC_API_KEY: KEY,
    });
    expect(typo).toMatchObject({ code: 2, stderr: 'svc-sync: --base-url must be an absolute http(s) URL\n' });
  });
});
