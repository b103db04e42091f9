import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, signWebhook } from '@svc/events';
import { describe, expect, it } from 'vitest';
import { webhooksArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_webhooks';
const sandbox = cliSandbox('sync-webhooks');
const dir = sandbox.dir;

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { 'x-svc-api-key': KEY, 'content-type': 'application/json', ...init.headers },
  });

describe('svc-sync webhooks', () => {
  it('receives the sandbox events, verifies them and stores the day they announce', async () => {
    const secret = generateWebhookSecret();
    const store = `sqlite:${join(dir, 'hooks.db')}`;
    const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
    const receiver = startCli([...webhooksArgs(store, sandbox.url), '--log', 'json'], env);
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);

    // A forged delivery is refused with a 400, and the receiver keeps serving.
    const body = JSON.stringify({ event_type: 'daily.data.steps.created' });
    const headers = await signWebhook(body, { secret: generateWebhookSecret() });
    const refused = await fetch(url, { method: 'POST', headers, body });
    expect(refused.status).toBe(400);

    const client = createClient({ apiKey: KEY, baseUrl: sandbox.url });
    await client.resolveUser({ client_user_id: 'hook-user' });
    expect(
      (await call('/_sandbox/webhooks', { method: 'PUT', body: JSON.stringify({ url, secret }) })).status,
    ).toBe(200);
    // Midnight passes in the sandbox: daily.data.steps.created for 2026-01-05.
    expect(
      (await call('/_sandbox/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 86_400 }) }))
        .ok,
    ).toBe(true);

    const truth = await sandboxTruth(client, ['hook-user'], ['steps'], '2026-01-05', '2026-01-05');
    expect(truth.size).toBe(24);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const stored = await storedRows(store).catch(() => new Map());
      // The receiver may be reading the history a historical.data event announced first: wait for the day.
      if ([...truth.keys()].every((key) => stored.has(key))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stored = await storedRows(store);
    for (const [key, value] of truth) expect(stored.get(key)).toBe(value);

    await stop(receiver.child, 'SIGTERM');
    const ended = await receiver.result;
    expect(ended.code).toBe(0);

    // Issue 34: one log line per delivery: what it was about and what became of it, nothing else.
    const user = await client.resolveUser({ client_user_id: 'hook-user' });
    const lines = ended.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ event_type: null, user_id: null, windows: 0, status: 400 });
    const day = lines.find((line) => line.event_type === 'daily.data.steps.created');
    expect(day).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      event_type: 'daily.data.steps.created',
      webhook_id: expect.stringMatching(/\S/),
      user_id: user.user_id,
      windows: 1,
      status: 202,
      ms: expect.any(Number),
    });
    // Never a health value, a signature or a secret: every line has these fields and no other.
    const fields = ['time', 'event_type', 'webhook_id', 'user_id', 'windows', 'status', 'ms', 'reason'];
    for (const line of lines) for (const field of Object.keys(line)) expect(fields).toContain(field);
    for (const text of [secret, KEY, 'v1,']) expect(ended.stdout).not.toContain(text);
  }, 120_000);

  it('answers deliveries whose ids are prototype names (__proto__, constructor, toString) like any unknown user: 202, a failure recorded, nothing crashes', async () => {
    const secret = generateWebhookSecret();
    const store = `sqlite:${join(dir, 'prototype-names.db')}`;
    const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
    const retries = ['--max-attempts', '2', '--max-backoff-ms', '50', '--log', 'json'];
    const receiver = startCli([...webhooksArgs(store, sandbox.url), ...retries], env);
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    const NAMES = ['__proto__', 'constructor', 'toString'];
    for (const name of NAMES) {
      // Every id the delivery carries is the name: the delivery's, the event's, the user's, the provider's.
      const body = JSON.stringify({
        id: name,
        event_type: 'daily.data.steps.created',
        user_id: name,
        client_user_id: name,
        data: { user_id: name, calendar_date: '2026-01-04', source: { provider: name } },
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: await signWebhook(body, { secret, id: name }),
        body,
      });
      expect(response.status, name).toBe(202);
      expect(await response.json(), name).toEqual({ queued: 1 });
    }
    // Each announced window is read in the background: the service knows no such user, a failure for good.
    const status = async () =>
      JSON.parse((await runCli(['status', '--store', store, '--json', '--failed'])).stdout) as {
        pending: number;
        failed: number;
        failures: { windows: { userId: string; error: string }[] };
      };
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      if ((await status()).failed === NAMES.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await status();
    expect({ pending: after.pending, failed: after.failed }).toEqual({ pending: 0, failed: NAMES.length });
    expect(after.failures.windows.map((w) => w.userId).sort()).toEqual([...NAMES].sort());

    // The receiver is still there for the next delivery, and stops cleanly.
    const body = JSON.stringify({ event_type: 'daily.data.steps.created' });
    expect(
      (await fetch(url, { method: 'POST', headers: await signWebhook(body, { secret }), body })).status,
    ).toBe(202);
    await stop(receiver.child, 'SIGTERM');
    const ended = await receiver.result;
    expect(ended.code).toBe(0);
    expect(ended.stderr).not.toMatch(/^\s+at /m);
    expect(ended.stderr).not.toMatch(/could not record/);
    const logged = ended.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as { webhook_id: string; user_id: string; windows: number; status: number },
      );
    expect(
      logged
        .slice(0, NAMES.length)
        .map(({ webhook_id, user_id, windows, status }) => ({ webhook_id, user_id, windows, status })),
    ).toEqual(NAMES.map((name) => ({ webhook_id: name, user_id: name, windows: 1, status: 202 })));
  }, 60_000);

  it('answers a signed data event too junk to plan with 202 {"queued":0}, and its log line says what was unusable', async () => {
    const secret = generateWebhookSecret();
    const store = `sqlite:${join(dir, 'junk-events.db')}`;
    const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
    const receiver = startCli([...webhooksArgs(store, sandbox.url), '--log', 'json'], env);
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    const deliveries = [
      { event_type: 'daily.data.steps.created', user_id: 5, data: { start_date: 'garbage' } },
      { event_type: 'daily.data.steps.created', user_id: 'junk-user', data: { start_date: 'garbage' } },
    ];
    for (const delivery of deliveries) {
      const body = JSON.stringify(delivery);
      const response = await fetch(url, {
        method: 'POST',
        headers: await signWebhook(body, { secret }),
        body,
      });
      // Received and verified: a 4xx would have the service send again a delivery that will never be better.
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ queued: 0 });
    }
    await stop(receiver.child, 'SIGTERM');
    const ended = await receiver.result;
    expect(ended.code).toBe(0);
    const logged = ended.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged.map(({ user_id, windows, status, reason }) => ({ user_id, windows, status, reason })),
    ).toEqual([
      { user_id: null, windows: 0, status: 202, reason: 'event names no user id: nothing planned' },
      {
        user_id: 'junk-user',
        windows: 0,
        status: 202,
        reason: "event names no provider, and the store knows none of the user's: nothing planned",
      },
    ]);
    expect(ended.stdout).not.toContain('garbage');
  }, 60_000);

  it('exits 2 with one line when no webhook secret is given', async () => {
    const run = await runCli(
      ['webhooks', '--store', `sqlite:${join(dir, 'x.db')}`, '--port', '0', '--base-url', sandbox.url],
      {
        SVC_API_KEY: KEY,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'svc-sync: a webhook secret is required: --secret whsec_… or SVC_WEBHOOK_SECRET',
    );
  });
});
