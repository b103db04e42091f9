import { spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, ConnectionError, createClient, TimeoutError } from '../../src/index.js';
import { fakeFetch, json, never, stalledBody, testClient } from '../fixtures/fake-fetch.js';

const user = { user_id: 'u' };
const resolve = { client_user_id: 'u1' };

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('timeouts and aborts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['an attempt gets no answer within timeoutMs', never, 1000, undefined],
    ['a body stalls after the headers (the body read counts)', stalledBody, 500, undefined],
    ['a per-call timeoutMs overrides the client default', never, 60_000, 50],
  ] as const)(
    'throws TimeoutError when %s, at the timeout and not before, leaving no timer behind',
    async (_case, answer, clientTimeoutMs, callTimeoutMs) => {
      vi.useFakeTimers();
      const timeoutMs = callTimeoutMs ?? clientTimeoutMs;
      const fake = fakeFetch(answer);
      const client = testClient(fake.fetch, { timeoutMs: clientTimeoutMs, maxRetries: 0 });
      const call = Promise.allSettled([
        client.resolveUser(resolve, callTimeoutMs ? { timeoutMs: callTimeoutMs } : {}),
      ]);
      await vi.advanceTimersByTimeAsync(timeoutMs - 1);
      expect(fake.sent[0]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const [result] = await call;
      expect(result?.status === 'rejected' && result.reason).toBeInstanceOf(TimeoutError);
      expect(result?.status === 'rejected' && result.reason.message).toContain(
        `timed out after ${timeoutMs} ms`,
      );
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('times out a body stalled by a real server on loopback', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"user_id":');
    });
    const port = await listen(server);
    try {
      const client = createClient({
        apiKey: 'sk-test-stall',
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
        maxRetries: 0,
      });
      const started = Date.now();
      await expect(client.resolveUser(resolve)).rejects.toBeInstanceOf(TimeoutError);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('gives each attempt its own timeout: a timed-out GET is retried and can succeed', async () => {
    vi.useFakeTimers();
    const fake = fakeFetch((sent, index) => (index === 0 ? never(sent) : json(user)));
    const call = Promise.allSettled([testClient(fake.fetch, { timeoutMs: 1000 }).resolveUser(resolve)]);
    await vi.runAllTimersAsync();
    const [result] = await call;
    expect(result).toEqual({ status: 'fulfilled', value: user });
    expect(fake.sent).toHaveLength(2);
  });

  it('a TimeoutError is also a ConnectionError, so one catch handles every no-response failure', () => {
    expect(new TimeoutError('x')).toBeInstanceOf(ConnectionError);
  });

  it('rejects at once with AbortError when the caller aborts, with the abort reason as cause', async () => {
    const fake = fakeFetch(never);
    const controller = new AbortController();
    const call = testClient(fake.fetch).resolveUser(resolve, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    controller.abort(new Error('user left the page'));
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('user left the page'));
    expect(fake.sent[0]?.signal?.aborted).toBe(true);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const fake = fakeFetch(() => json(user));
    const controller = new AbortController();
    controller.abort();
    await expect(
      testClient(fake.fetch).resolveUser(resolve, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    await expect(
      testClient(fake.fetch).GET('/v2/providers', { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(fake.sent).toHaveLength(0);
  });

  it('adds no listener to a long-lived signal reused for 1,000 calls', async () => {
    const fake = fakeFetch(() => json(user));
    const client = testClient(fake.fetch);
    const { signal } = new AbortController();
    for (let index = 0; index < 500; index++) {
      await client.resolveUser(resolve, { signal });
      await client.GET('/v2/providers', { signal });
    }
    expect(fake.sent).toHaveLength(1000);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('keeps one listener at most on a signal shared by 200 concurrent calls, and none after', async () => {
    let inFlight = 0;
    const fake = fakeFetch(async () => {
      inFlight = Math.max(inFlight, getEventListeners(signal, 'abort').length);
      await new Promise((done) => setTimeout(done, 5));
      return json(user);
    });
    const client = testClient(fake.fetch);
    const { signal } = new AbortController();
    await Promise.all(Array.from({ length: 200 }, () => client.resolveUser(resolve, { signal })));
    expect(inFlight).toBe(1);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('aborts every call in flight on a shared signal', async () => {
    const fake = fakeFetch(never);
    const controller = new AbortController();
    const client = testClient(fake.fetch);
    const calls = Array.from({ length: 20 }, () =>
      client.resolveUser(resolve, { signal: controller.signal }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    await vi.waitFor(() => expect(fake.sent).toHaveLength(20));
    controller.abort();
    for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(AbortError);
  });

  it.each([
    ['no retries', 0],
    ['the default retries', 2],
  ])(
    'lets the process exit as soon as a call to a closed port fails (%s)',
    async (_name, maxRetries) => {
      const closed = createServer();
      const port = await listen(closed);
      await new Promise((done) => closed.close(done));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./exit-after-failed-call.ts', import.meta.url)),
          String(port),
          String(maxRetries),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      // When the child printed the call's outcome: what follows is only the wait for its exit.
      let settledAt: number | undefined;
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (settledAt === undefined && /after \d+ ms/.test(output)) settledAt = Date.now();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const started = Date.now();
      // Bounded: a leaked 60 s timer would keep the child alive; kill it then instead of waiting.
      const code = await new Promise<number | string | null>((done) => {
        const bound = setTimeout(() => {
          child.kill('SIGKILL');
          done('still running after 10 s');
        }, 10_000);
        child.once('exit', (exitCode) => {
          clearTimeout(bound);
          done(exitCode);
        });
      });
      const exitedAt = Date.now();
      expect(output).toContain('ConnectionError after');
      expect(code).toBe(0);
      // The call itself: at most 1.5 s of backoff, never the 60 s timeout.
      expect(Number(/after (\d+) ms/.exec(output)?.[1])).toBeLessThan(5000);
      // From the outcome to the exit, measured apart from start-up (tsx compiling under a loaded
      // machine took seconds): a leaked timer or socket would hold the process for its whole length.
      expect(exitedAt - (settledAt ?? started)).toBeLessThan(3000);
    },
    20_000,
  );
});
