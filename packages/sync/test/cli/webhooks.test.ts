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
