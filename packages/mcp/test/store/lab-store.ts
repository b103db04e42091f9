// A real @svc/sync store holding lab orders as a partner's would: users backfilled from the sandbox,
// orders created through the client against it, every webhook the sandbox sends verified and handed to
// the sync's own event handling, and the clock advanced so some orders complete and some do not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { generateWebhookSecret, unwrap, type WebhookEvent } from '@svc/events';
import { createSandbox } from '@svc/sandbox';
import { createSync, openStore, teamFingerprint } from '@svc/sync';

const KEY = 'sk_test_mcp_store_lab';
export const labUser = (index: number) => `lab-user-${index}`;
/** Users 1-3 book a visit (their orders complete), 4-5 never do (received), 6 cancels. */
export const LAB_USERS = 6;
export const YESTERDAY = '2026-01-04';

export async function labStore() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mcp-lab-'));
  const address = `sqlite:${join(dir, 'svc.db')}`;
  const secret = generateWebhookSecret();
  const received: WebhookEvent[] = [];
  const sandbox = createSandbox({
    apiKey: KEY,
    seed: 'mcp-lab',
    webhooks: { url: 'https://receiver.example.test/webhooks', secret },
    webhookRetryDelaysMs: [1],
    webhookFetch: async (request: Request) => {
      received.push(await unwrap(await request.text(), request.headers, { secret }));
      return new Response(null, { status: 204 });
    },
  });
  const client = createClient({ apiKey: KEY, baseUrl: sandbox.url, fetch: sandbox.fetch, maxRetries: 0 });
  const store = await openStore(address);
  try {
    const sync = createSync({
      client,
      store,
      team: teamFingerprint(KEY),
      resources: ['sleep'],
      now: () => new Date(sandbox.clock.now()),
    });
    const ids = Array.from({ length: LAB_USERS }, (_, index) => labUser(index + 1));
    const backfill = await sync.backfill({ users: ids, from: '2026-01-01', to: YESTERDAY }).result;
    if (backfill.status !== 'done') throw new Error(`the backfill ended ${backfill.status}`);
    for (const [index, id] of ids.entries()) {
      const user = await client.resolveUser({ client_user_id: id });
      const order = await client.createOrder({
        'Idempotency-Key': `order-${id}`,
        body: { user_id: user.user_id, patient_address: { first_line: `${index + 1} Main St` } },
      } as Parameters<typeof client.createOrder>[0]);
      const orderId = String(order.id);
      if (index < 3) await client.bookPhlebotomyAppointment({ order_id: orderId, body: {} });
      if (index === 5) await sandbox.controls.orders.cancel(orderId);
    }
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    await sandbox.webhooks.flush();
    for (const event of received) await sync.handleEvent(event);
  } finally {
    await store.close();
  }
  return {
    address,
    path: address.slice('sqlite:'.length),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
