import { describe, expect, it } from 'vitest';
import { webhookReceiver } from '../fixtures/receiver.js';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

describe('webhook delivery', () => {
  it('retries a refused delivery with backoff and logs every attempt', async () => {
    const receiver = webhookReceiver({ failFirst: 2 });
    const sandbox = strictSandbox({ webhookFetch: receiver.fetch, webhookRetryDelaysMs: [5, 10, 20] });
    const patientOrder = await orderFor(sandbox); // resolved before webhooks: only the order is delivered
    await sandbox.webhooks.configure({ url: receiver.url, secret: receiver.secret });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.webhooks.flush();
    expect(sandbox.webhooks.deliveries().map((d) => [d.attempt, d.status, d.delivered])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 204, true],
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('gives up after the last attempt when the receiver cannot be reached, and keeps the event readable', async () => {
    const sandbox = strictSandbox({
      webhookFetch: async () => {
        throw new TypeError('fetch failed');
      },
      webhookRetryDelaysMs: [1, 1],
    });
    const patientOrder = await orderFor(sandbox);
    await sandbox.webhooks.configure({
      url: 'https://down.test/h',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.webhooks.flush();
    const deliveries = sandbox.webhooks.deliveries();
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => !d.delivered && d.error === 'fetch failed')).toBe(true);
    expect(sandbox.webhooks.events().at(-1)).toEqual(
      expect.objectContaining({ event_type: 'labtest.order.updated' }),
    );
  });

  it('signs with the registered secret only: a receiver holding another secret refuses every delivery', async () => {
    const receiver = webhookReceiver();
    const other = webhookReceiver();
    const sandbox = strictSandbox({ webhookFetch: receiver.fetch, webhookRetryDelaysMs: [] });
    const patientOrder = await orderFor(sandbox);
    await sandbox.webhooks.configure({ url: receiver.url, secret: other.secret });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.webhooks.flush();
    expect(receiver.received).toHaveLength(0);
    expect(sandbox.webhooks.deliveries()[0]?.error).toMatch(/signature/i);
  });
});
