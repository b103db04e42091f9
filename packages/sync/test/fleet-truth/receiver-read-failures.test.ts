// Issue 44: the receiver answers 202 once the work is recorded and reads in the background; a read that
// fails there is told on stderr (JSON with --log json): the user's client id, the window, the error's
// class, and nothing more.
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, signWebhook } from '@svc/events';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { webhooksArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { startFaultProxy } from '../fixtures/fault-proxy.js';
import { startCli, stop, waitForLine } from '../fixtures/processes.js';

const KEY = 'sk_test_receiver_reads';
const sandbox = cliSandbox('sync-receiver-reads');

/** Posts a signed daily.data.steps event for the user, and waits until the receiver says what came of its read. */
async function deliver(url: string, secret: string, userId: string, clientUserId: string) {
  const body = JSON.stringify({
    event_type: 'daily.data.steps.created',
    user_id: userId,
    client_user_id: clientUserId,
    data: { calendar_date: '2026-01-03', source: { provider: 'oura' } },
  });
  const answer = await fetch(url, { method: 'POST', headers: await signWebhook(body, { secret }), body });
  expect(answer.status).toBe(202);
}

/** Waits (at most 20 s) until the receiver has said something about a background read on stderr. */
async function toldInBackground(receiver: { output: () => { stderr: string } }): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    if (/background/.test(receiver.output().stderr)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('issue 44: the receiver logs a failed background read', () => {
  for (const log of ['text', 'json'] as const)
    it(`issue 44: a background read refused for good is logged on stderr (--log ${log}) with the client user id, the window and the error class`, async () => {
      const proxy = await startFaultProxy(sandbox.url);
      proxy.rule.current = (path) => (path.includes('/steps/') ? { status: 422 } : undefined);
      const secret = generateWebhookSecret();
      const store = `sqlite:${join(sandbox.dir, `receiver-${log}.db`)}`;
      const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
      const receiver = startCli([...webhooksArgs(store, proxy.url), '--log', log], env);
      try {
        const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
        const client = createClient({ apiKey: KEY, baseUrl: sandbox.url });
        const user = await client.resolveUser({ client_user_id: `reader-${log}` });
        await deliver(url, secret, user.user_id, `reader-${log}`);
        await toldInBackground(receiver);
      } finally {
        await stop(receiver.child, 'SIGTERM');
        await proxy.close();
      }
      const { stderr, code } = await receiver.result;
      expect(code).toBe(0);
      expect(stderr).not.toContain(secret);
      expect(stderr).not.toContain(KEY);
      if (log === 'text')
        expect(stderr).toBe(
          `svc-sync: background read failed for good: reader-text steps oura 2026-01-03..2026-01-03: UnprocessableEntityError 422\n`,
        );
      else
        expect(JSON.parse(stderr)).toEqual({
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          event: 'background_read_failed',
          outcome: 'failed',
          client_user_id: 'reader-json',
          user_id: expect.any(String),
          resource: 'steps',
          provider: 'oura',
          start: '2026-01-03',
          end: '2026-01-03',
          error: 'UnprocessableEntityError',
          status: 422,
        });
    });

  it('windows a stopped receiver left pending, read again when it starts and refused for good, are logged too', async () => {
    const proxy = await startFaultProxy(sandbox.url);
    proxy.rule.current = (path) => (path.includes('/steps/') ? { status: 422 } : undefined);
    const secret = generateWebhookSecret();
    const address = `sqlite:${join(sandbox.dir, 'receiver-resumed.db')}`;
    const user = await createClient({ apiKey: KEY, baseUrl: sandbox.url }).resolveUser({
      client_user_id: 'reader-resumed',
    });
    const store = await openStore(address);
    const day = { resource: 'steps', provider: 'oura', start: '2026-01-03', end: '2026-01-03' } as const;
    await store.planWindows([{ userId: user.user_id, ...day, asOf: '2026-01-05T00:00:00.000Z' }]);
    await store.close();
    const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: secret };
    const receiver = startCli(webhooksArgs(address, proxy.url), env);
    try {
      await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
      await toldInBackground(receiver);
    } finally {
      await stop(receiver.child, 'SIGTERM');
      await proxy.close();
    }
    const { stderr, code } = await receiver.result;
    expect(code).toBe(0);
    expect(stderr).toBe(
      `svc-sync: background read failed for good: (user id ${user.user_id}) steps oura 2026-01-03..2026-01-03: UnprocessableEntityError 422\n`,
    );
  });
});
