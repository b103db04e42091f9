import { describe, expect, it } from 'vitest';
import { call, clientOn, strictSandbox } from '../fixtures/sandbox.js';

describe('event and delivery logs are capped per world (issue 21)', () => {
  it('keeps the newest 1,000 events and deliveries and counts the dropped ones', async () => {
    const sandbox = strictSandbox({
      webhookFetch: async () => new Response(null, { status: 204 }),
      webhookRetryDelaysMs: [],
    });
    await sandbox.webhooks.configure({
      url: 'https://receiver.example.test/hook',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    await clientOn(sandbox).resolveUser({ client_user_id: 'long-lived' });
    // One daily data event a day for 1,200 days, plus the connection's own events.
    sandbox.clock.advance({ seconds: 1_200 * 86_400 });
    await sandbox.webhooks.flush();
    const events = sandbox.webhooks.events();
    expect(events).toHaveLength(1_000);
    expect(sandbox.webhooks.deliveries()).toHaveLength(1_000);
    const dropped = sandbox.webhooks.dropped();
    expect(dropped.events).toBeGreaterThanOrEqual(200);
    expect(dropped.deliveries).toBe(dropped.events);
    expect(events.at(-1)?.created_at.startsWith('2029-04-')).toBe(true);
    expect(sandbox.snapshot().droppedEvents).toBe(dropped.events);
    const log = await call(sandbox, 'GET', '/_sandbox/webhooks/deliveries');
    expect(log.body.deliveries).toHaveLength(1_000);
    expect(log.body.dropped).toBe(dropped.deliveries);
  });
});
