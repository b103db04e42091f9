import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, unwrap } from '@svc/events';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import {
  type RunningBin,
  spawnBin as spawnFixtureBin,
  startBin as startFixtureBin,
  stopBin,
} from '../fixtures/bin.js';
import { walkLabFlow } from '../fixtures/walkthrough.js';

const BUILT = new URL('../../dist/cli.js', import.meta.url).pathname;
const KEY = { 'x-svc-api-key': 'sk_test_bin' };
const JSON_KEY = { ...KEY, 'content-type': 'application/json' };
const started: ChildProcess[] = [];

/** The command line of process `pid`, as `ps` shows it to every user. */
const commandLineOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

const spawnBin = (args: string[]): ChildProcess => spawnFixtureBin(args, started);
const startBin = (args: string[]): Promise<RunningBin> => startFixtureBin(args, started);

/** Resolves with a bin's exit code and everything it printed on stderr until then. */
async function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** Creates an order for a patient (resolved first) over HTTP with the bin's key. */
async function createOrder(url: string, userId?: string) {
  const user_id =
    userId ?? (await (await fetch(`${url}/v2/user/resolve/bin-patient`, { headers: KEY })).json()).user_id;
  return fetch(`${url}/v3/order`, { method: 'POST', headers: JSON_KEY, body: JSON.stringify({ user_id }) });
}

afterEach(async () => {
  await Promise.all(started.splice(0).map(stopBin));
});

beforeAll(() => {
  if (!existsSync(BUILT))
    throw new Error('dist/cli.js is missing: run `pnpm --filter @svc/sandbox build` first');
});

describe('the svc-sandbox bin', () => {
  it('prints its URL and a first curl request that works', async () => {
    const { url, stdout } = await startBin([]);
    const banner = stdout();
    expect(banner).toContain(`curl -s -H 'x-svc-api-key: sk_test_sandbox' ${url}/v2/user/resolve/alice`);
    const response = await fetch(`${url}/v2/user/resolve/alice`, {
      headers: { 'x-svc-api-key': 'sk_test_sandbox' },
    });
    expect(response.status).toBe(200);
  });

  it('serves its console from the built package, named in the banner, with its files and uPlot', async () => {
    const { url, stdout } = await startBin([]);
    expect(stdout()).toContain(`Console: ${url}/_sandbox/console/ (this machine only)`);
    const page = await fetch(`${url}/_sandbox/console/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<meta name="svc-console-token" content="[\w-]{43}"/);
    for (const [file, type] of [
      ['console.js', 'text/javascript'],
      ['console.css', 'text/css'],
      ['uplot.js', 'text/javascript'],
      ['uplot.css', 'text/css'],
    ]) {
      const asset = await fetch(`${url}/_sandbox/console/${file}`);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('content-type'), file).toContain(type);
      expect((await asset.text()).length, file).toBeGreaterThan(1_000);
    }
    const diagrams = await (await fetch(`${url}/_sandbox/console/api/lifecycles`)).json();
    expect(Object.keys(diagrams)).toContain('order');
  });

  it('answers a thousand bad requests with 4xx and then serves a good one', async () => {
    const { url, child } = await startBin(['--strict']);
    const bad: Array<() => Promise<Response>> = [
      () => fetch(`${url}/v3/order`, { method: 'POST', headers: JSON_KEY, body: '{"broken' }),
      () => fetch(`${url}/v2/user/resolve/%E0%A4%A`, { headers: KEY }),
      () => fetch(`${url}/no/such/route`, { headers: KEY }),
      () =>
        fetch(`${url}/lab_report/v1/parser/job`, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'multipart/form-data; boundary=b' },
          body: '--b\r\nbroken',
        }),
      () =>
        fetch(`${url}/v3/order`, {
          method: 'POST',
          headers: JSON_KEY,
          body: `{"a":"${'x'.repeat(1_100_000)}"}`,
        }),
      () => fetch(`${url}/v2/providers`),
      () => fetch(`${url}/v2/user/x/sign_in_token`, { method: 'POST', headers: KEY }),
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => (bad[(i + j) % bad.length] as () => Promise<Response>)()),
      );
      for (const response of batch) {
        statuses.add(response.status);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        const body = await response.json();
        expect(body.error.message).toEqual(expect.any(String));
      }
    }
    expect([...statuses].sort()).toEqual([400, 401, 404, 413, 422]);
    expect(child.exitCode).toBeNull();
    const good = await fetch(`${url}/v2/user/resolve/alice`, { headers: KEY });
    expect(good.status).toBe(200);
  });

  it('walks the lab flow over HTTP with the client', async () => {
    const { url } = await startBin(['--strict']);
    const client = createClient({ apiKey: 'sk_test_bin', baseUrl: url, maxRetries: 0 });
    await walkLabFlow(client, (seconds) =>
      fetch(`${url}/_sandbox/clock/advance`, {
        method: 'POST',
        headers: JSON_KEY,
        body: JSON.stringify({ seconds }),
      }),
    );
  });

  it('keeps the worlds across a restart with --state, written whole', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-sandbox-')), 'state.json');
    const first = await startBin(['--state', file]);
    const order = await (await createOrder(first.url)).json();
    await stopBin(first.child);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    expect(readFileSync(file, 'utf8')).not.toContain('sk_test_bin');
    const second = await startBin(['--state', file]);
    const snapshot = await (await fetch(`${second.url}/_sandbox/snapshot`, { headers: KEY })).json();
    expect(Object.keys(snapshot.orders)).toEqual([order.id]);
  });

  it('issue 33: refuses a second server on the same --state file with one line, and the first keeps its file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-sandbox-')), 'state.json');
    const first = await startBin(['--state', file]);
    const { code, stderr } = await exitOf(spawnBin(['--port', '0', '--state', file]));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`--state ${file} is in use by another svc-sandbox (pid ${first.child.pid})`),
    ]);
    const order = await (await createOrder(first.url)).json();
    await stopBin(first.child);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).worlds)).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toContain(order.id);
  });

  it('issue 33: takes over a --state lock whose process is gone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-sandbox-')), 'state.json');
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    writeFileSync(`${file}.lock`, `${gone.pid}\n`);
    const { child } = await startBin(['--state', file]);
    expect(readFileSync(`${file}.lock`, 'utf8').trim()).toBe(String(child.pid));
    await stopBin(child);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('issue 33: refuses a --state file saved more than ten years ago in one line, and serves it with --frozen', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-sandbox-')), 'state.json');
    const saved = createSandbox().exportState();
    const savedAt = new Date(Date.now() - 3_651 * 86_400_000).toISOString();
    writeFileSync(file, JSON.stringify({ ...saved, saved_at: savedAt }));
    const { code, stderr } = await exitOf(spawnBin(['--port', '0', '--state', file]));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        `--state ${file}: state.saved_at ${savedAt} is more than ten years ago.*--frozen`,
      ),
    ]);
    const { url } = await startBin(['--frozen', '--state', file]);
    expect((await fetch(`${url}/_sandbox/clock`, { headers: KEY })).status).toBe(200);
  });

  it('exits 1 with one line naming the port and the fix when the port is taken', async () => {
    const { url } = await startBin([]);
    const port = new URL(url).port;
    const { code, stderr } = await exitOf(spawnBin(['--port', port]));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`port ${port} .*already in use.*--port`)),
    ]);
  });

  it('exits 2 with one line naming the address and the fix when --host is not an address of this machine', async () => {
    for (const host of ['999.1.1.1', '192.0.2.1']) {
      const { code, stderr } = await exitOf(spawnBin(['--host', host, '--port', '4799']));
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^svc-sandbox: cannot listen on ${host}:4799 \\(E[A-Z_]+\\): pass --host 127\\.0\\.0\\.1`,
          ),
        ),
      ]);
    }
  });

  it('exits 2 with one line when --start-time is not a date-time, a day the calendar lacks included', async () => {
    for (const start of ['2026-02-30T00:00:00Z', 'soon']) {
      const { code, stderr } = await exitOf(spawnBin(['--port', '0', '--start-time', start]));
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([
        `svc-sandbox: --start-time must be a date-time (ISO 8601), such as 2026-01-05T09:00:00.000Z (got ${start})`,
      ]);
    }
  });

  it('exits 2 with the cause for bad arguments', async () => {
    const { code, stderr } = await exitOf(
      spawnBin(['--webhook-url', 'https://r.test', '--webhook-secret', 'plain']),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('whsec_');
    expect(stderr).not.toContain('plain');
  });

  it('refuses a --state file that is not sandbox state, naming the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-sandbox-')), 'state.json');
    writeFileSync(file, '{"not":"state"}');
    const { code, stderr } = await exitOf(spawnBin(['--port', '0', '--state', file]));
    expect(code).toBe(2);
    expect(stderr).toContain(file);
  });

  it('answers 503 naming the file and cause when --state cannot be written, undoes the change and keeps serving (issue 21)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-sandbox-'));
    const file = join(folder, 'state.json');
    const { url, child } = await startBin(['--state', file]);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const patient = await (await fetch(`${url}/v2/user/resolve/bin-patient`, { headers: KEY })).json();
    rmSync(folder, { recursive: true });
    const refused = await createOrder(url, patient.user_id);
    expect(refused.status).toBe(503);
    const { error } = await refused.json();
    expect(error.code).toBe('state_not_saved');
    expect(error.message).toContain(file);
    expect(error.message).toContain('ENOENT');
    const snapshot = await (await fetch(`${url}/_sandbox/snapshot`, { headers: KEY })).json();
    expect(snapshot.orders).toEqual({});
    expect((await fetch(`${url}/_sandbox/clock`, { headers: KEY })).status).toBe(200);
    expect(child.exitCode).toBeNull();
    mkdirSync(folder);
    expect((await createOrder(url)).status).toBe(200);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).worlds)).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('takes the webhook secret from SVC_SANDBOX_WEBHOOK_SECRET, off the command line (issue 21)', async () => {
    const secret = generateWebhookSecret();
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        const headers = new Headers(req.headers as Record<string, string>);
        await unwrap(body, headers, { secret }).then(
          (event) => received.push(event.type),
          () => received.push('bad signature'),
        );
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const { url, child } = await startFixtureBin(['--webhook-url', hook], started, {
        ...process.env,
        SVC_SANDBOX_WEBHOOK_SECRET: secret,
      });
      expect(commandLineOf(child.pid as number)).not.toContain(secret);
      expect((await createOrder(url)).status).toBe(200);
      await expect.poll(() => received, { timeout: 10_000 }).toContain('labtest.order.updated');
      expect(received).not.toContain('bad signature');

      const { code, stderr } = await exitOf(spawnBin(['--port', '0', '--webhook-url', hook]));
      expect(code).toBe(2);
      expect(stderr).toContain('SVC_SANDBOX_WEBHOOK_SECRET');
    } finally {
      await new Promise((done) => receiver.close(done));
    }
  });
});
