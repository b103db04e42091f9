// An order service that honours Idempotency-Key, with a scripted failure per attempt, to show that a
// flaky network never creates two orders.
import { randomUUID } from 'node:crypto';
import { jsonOf, type LoopbackAnswer, loopbackForTest } from '@svc/test-kit';

/** What the server does with attempt n (0-based) after reading its body; `ok` serves it normally. */
export type Fault = 'drop-before-create' | 'drop-after-create' | '503' | 'ok';

export async function idempotentOrdersServer(faults: Fault[] = []) {
  /** Orders created, by id. */
  const orders = new Map<string, Record<string, unknown>>();
  /** Order id by idempotency key. */
  const byKey = new Map<string, string>();
  const keys: (string | undefined)[] = [];
  let attempt = 0;

  const server = await loopbackForTest((request): LoopbackAnswer => {
    if (request.method !== 'POST' || request.path !== '/v3/order')
      return { status: 404, body: { detail: 'no route' } };
    const key = request.headers['idempotency-key'] as string | undefined;
    keys.push(key);
    const fault = faults[attempt++] ?? 'ok';
    if (fault === 'drop-before-create') return 'drop';
    if (fault === '503') return { status: 503, body: { detail: 'try again' } };
    const known = key === undefined ? undefined : byKey.get(key);
    let order = known === undefined ? undefined : orders.get(known);
    if (!order) {
      const id = randomUUID();
      order = {
        id,
        ...jsonOf(request),
        events: [{ status: 'collecting_sample.testkit.problem_in_transit_customer', status_detail: null }],
      };
      orders.set(id, order);
      if (key !== undefined) byKey.set(key, id);
    }
    // The order exists now, but its response is lost on the way back.
    if (fault === 'drop-after-create') return 'drop';
    return { status: 201, body: order };
  });
  return { ...server, orders, keys };
}
