// Issue 32: the webhook receiver's faults, against the sandbox server and `svc-sync webhooks` as a child
// process: killed between accepting a delivery and applying it, a service clock ahead of the machine's,
// a body too large on a kept-alive connection, and (issue 43) a sender that uploads all before reading.
import { connect } from 'node:net';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, signWebhook } from '@svc/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooksArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { type FaultProxy, startFaultProxy } from '../fixtures/fault-proxy.js';
import { until } from '../fixtures/fleet-servers.js';
import { startCli, startSandboxServer, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_receiver';
const secret = generateWebhookSecret();
const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
// The service's day is the machine's tomorrow, its clock frozen at 20:00 (20 hourly points that day).
const serviceDay = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const setting = cliSandbox('sync-receiver-dir');
let serviceUrl: string;
let proxy: FaultProxy;
beforeAll(async () => {
  serviceUrl = (await startSandboxServer('sync-receiver', ['--start-time', `${serviceDay}T20:00:00.000Z`]))
    .url;
  proxy = await startFaultProxy(serviceUrl);
});
afterAll(() => proxy?.close());

const receiver = (store: string) =>
  startCli([...webhooksArgs(store, proxy.url), '--max-attempts', '100', '--max-backoff-ms', '50'], env);

async function deliver(url: string, payload: object): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(url, { method: 'POST', headers: await signWebhook(body, { secret }), body });
}

describe('issue 32: faults of the webhook receiver', () => {
  it('killed between accepting a delivery and applying it, the next receiver applies it: the announced day whole, by the service clock', async () => {
    const store = `sqlite:${join(setting.dir, 'receiver.db')}`;
    const client = createClient({ apiKey: KEY, baseUrl: serviceUrl });
    const user = await client.resolveUser({ client_user_id: 'hook-a' });
    // Reads fail while the first receiver runs: the work is recorded, never applied.
    proxy.rule.current = (path) => (path.includes('/timeseries/') ? { status: 500 } : undefined);
    const first = receiver(store);
    const url = await waitForLine(first.child, /listening on (http:\/\/\S+)/);
    const accepted = await deliver(url, {
      id: 'evt_day',
      event_type: 'daily.data.steps.created',
      user_id: user.user_id,
      client_user_id: 'hook-a',
      data: { user_id: user.user_id, calendar_date: serviceDay, source: { provider: 'oura' } },
    });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ queued: 1 });
    await stop(first.child, 'SIGKILL');
    expect(await windowCounts(store)).toEqual({ pending: 1 });

    proxy.rule.current = undefined;
    const second = receiver(store);
    await waitForLine(second.child, /listening on/);
    const truth = await sandboxTruth(client, ['hook-a'], ['steps'], serviceDay, serviceDay);
    expect(truth.size).toBe(20);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      if ((await windowCounts(store)).done === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await storedRows(store)).toEqual(truth);
    await stop(second.child, 'SIGTERM');
    const ended = await second.result;
    expect(ended.code).toBe(0);
    expect(ended.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('answers a body too large with 413 while the sender is still sending, and closes the connection once its rest is dropped', async () => {
    const store = `sqlite:${join(setting.dir, 'large.db')}`;
    const running = receiver(store);
    const url = new URL(await waitForLine(running.child, /listening on (http:\/\/\S+)/));
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST / HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: 6000000\r\nconnection: keep-alive\r\n\r\n`,
    );
    socket.write(Buffer.alloc(64 * 1024, 32));
    // The answer comes while the body is far from sent.
    await until(async () => /^HTTP\/1\.1 413/.test(answer), 5_000, 'the 413');
    expect(answer).toMatch(/connection: close/i);
    // The rest is read and dropped, then the connection closes (the next request would read its rest).
    socket.end(Buffer.alloc(6_000_000 - 64 * 1024, 32));
    await closed;
    await stop(running.child, 'SIGTERM');
    expect((await running.result).code).toBe(0);
  }, 30_000);

  it.each(['content-length', 'chunked'] as const)(
    'issue 43: a sender that writes all 11 MB (%s) before reading gets the 413, not a reset',
    async (framing) => {
      const store = `sqlite:${join(setting.dir, `upload-${framing}.db`)}`;
      const running = receiver(store);
      const url = new URL(await waitForLine(running.child, /listening on (http:\/\/\S+)/));
      for (let i = 0; i < 3; i++)
        expect(await uploadThenRead(url, 11_000_000, framing)).toEqual({ status: 413 });
      // Past 64 MiB after the refusal, the sender is cut off.
      expect(['EPIPE', 'ECONNRESET']).toContain(
        (await uploadThenRead(url, 80 * 1_048_576, 'content-length')).error,
      );
      // And it keeps serving.
      expect((await fetch(url, { method: 'GET' })).status).toBe(405);
      await stop(running.child, 'SIGTERM');
      expect((await running.result).code).toBe(0);
    },
    60_000,
  );
});

/**
 * Sends an upload of `size` body bytes the way many senders do, writing all of it before reading a
 * byte of the answer; resolves with the status it then reads, or the error its writing met.
 */
function uploadThenRead(url: URL, size: number, framing: 'content-length' | 'chunked') {
  const head = `POST / HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n${framing === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${size}`}\r\n\r\n`;
  const body = Buffer.alloc(size, 0x20);
  const framed = framing === 'chunked' ? [`${size.toString(16)}\r\n`, body, '\r\n0\r\n\r\n'] : [body];
  return new Promise<{ status?: number; error?: string }>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    let error: string | undefined;
    socket.pause(); // nothing is read until everything is written
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code;
    });
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? { status: Number(status) } : { error: error ?? 'closed' });
    });
    socket.end(Buffer.concat([head, ...framed].map((part) => Buffer.from(part))), () => socket.resume());
  });
}
