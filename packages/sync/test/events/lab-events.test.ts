// Issue 46: the sync keeps what the interface gives about lab testing. Parsing jobs arrive by
// `lab_report.parsing_job.*` webhooks from the sandbox, their results included (read with the job read
// when an event lacks them); order statuses by `labtest.order.*` events, each kept once.
import { createClient } from '@svc/client';
import { generateWebhookSecret, parseEvent, unwrap, type WebhookEvent } from '@svc/events';
import { createSandbox } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { storedLabOrders, storedParsingJobs } from '../../src/index.js';
import { API_KEY, sandboxSync } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

describe('issue 46: lab events into the store', () => {
  it('stores a parsing job with its extracted results from its webhooks', async () => {
    const { store } = await stores.open();
    const secret = generateWebhookSecret();
    let handle: (event: WebhookEvent) => Promise<void> = async () => {};
    const sandbox = createSandbox({
      apiKey: API_KEY,
      seed: 'sync-lab',
      webhooks: { url: 'https://receiver.example.test/webhooks', secret },
      webhookRetryDelaysMs: [1],
      webhookFetch: async (request: Request) => {
        await handle(await unwrap(await request.text(), request.headers, { secret }));
        return new Response(null, { status: 204 });
      },
    });
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: sandbox.url,
      fetch: sandbox.fetch,
      maxRetries: 0,
    });
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps'] });
    handle = async (event) => {
      expect(await sync.handleEvent(event)).toEqual({ queued: 0 });
    };
    const job = (await client.createParsingJob({
      body: {
        file: new File([new Uint8Array([37, 80, 68, 70, 45])], 'report.pdf', { type: 'application/pdf' }),
      },
    })) as { id: string };
    sandbox.clock.advance({ seconds: 60 });
    await sandbox.webhooks.flush();
    const read = (await client.getParsingJob({ job_id: job.id })) as {
      results: unknown[];
      updated_at: string;
    };
    const stored = [];
    for await (const row of storedParsingJobs(store)) stored.push(row);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ jobId: job.id, status: 'completed', updatedAt: read.updated_at });
    expect(stored[0]?.job.results).toEqual(read.results);
    expect(read.results.length).toBeGreaterThan(0);
  });

  it("stores an order's status events once each and the order at its latest status", async () => {
    const { store } = await stores.open();
    const sandbox = createSandbox({ apiKey: API_KEY, seed: 'sync-lab-orders' });
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: sandbox.url,
      fetch: sandbox.fetch,
      maxRetries: 0,
    });
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps'] });
    const order = (status: string, id: number, at: string) =>
      parseEvent(
        JSON.stringify({
          event_type: 'labtest.order.updated',
          user_id: 'user-1',
          client_user_id: 'patient-1',
          data: {
            id: 'order-1',
            user_id: 'user-1',
            status,
            updated_at: at,
            last_event: { id, created_at: at, status, status_detail: null },
          },
        }),
      );
    await sync.handleEvent(order('received', 1, '2026-01-01T09:00:00Z'));
    await sync.handleEvent(order('completed', 3, '2026-01-03T09:00:00Z'));
    await sync.handleEvent(order('completed', 3, '2026-01-03T09:00:00Z'));
    await sync.handleEvent(order('sample_with_lab', 2, '2026-01-02T09:00:00Z'));
    const orders = [];
    for await (const row of storedLabOrders(store)) orders.push(row);
    expect(orders.map((o) => [o.orderId, o.userId, o.status])).toEqual([['order-1', 'user-1', 'completed']]);
    expect((await store.readLabOrderEvents('order-1', 10)).map((e) => e.status)).toEqual([
      'received',
      'sample_with_lab',
      'completed',
    ]);
  });
});
