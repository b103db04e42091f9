import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, signWebhook } from '@svc/events';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox.js';
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
    const receiver = startCli(
      ['webhooks', '--store', store, '--port', '0', '--resources', 'steps', '--base-url', sandbox.url],
      env,
    );
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
    expect((await receiver.result).code).toBe(0);
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
