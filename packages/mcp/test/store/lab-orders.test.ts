// Issue 47: "which lab orders are not completed yet and why", asked through svc-mcp --store with the
// official MCP client, of a store filled by the sync's own webhook handling from the sandbox: at most 3
// calls of at most 8 KB, equal to a direct read of the store, the structured content valid against the
// tool's output schema.
import { openStoreReadOnly, type SyncStore } from '@svc/sync';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';
import { LAB_USERS, labStore, labUser } from './lab-store.js';

const BUDGET = 8 * 1024;

let filled: Awaited<ReturnType<typeof labStore>>;
let store: SyncStore;
let db: Database.Database;
let connected: Connected;
beforeAll(async () => {
  filled = await labStore();
  store = await openStoreReadOnly(filled.address);
  db = new Database(filled.path, { readonly: true });
  connected = await connect({ store, maxResultBytes: BUDGET });
}, 240_000);
afterAll(async () => {
  await connected?.close();
  await store?.close();
  db?.close();
  filled?.remove();
});

interface OrderItem {
  order_id: string;
  client_user_id: string | null;
  status: string;
  stage: string;
  final: boolean;
  updated_at: string;
  events_total: number;
  events: { status: string; occurred_at: string }[];
}
type Page = {
  total: number;
  orders: OrderItem[];
  next: { tool: string; arguments: Record<string, unknown> } | null;
};

/** Every page of an answer, following `next`, each checked for size and against the output schema. */
async function walk(args: Record<string, unknown>) {
  const { tools } = await connected.mcp.listTools();
  const validate = new Ajv2020({ strict: false }).compile(
    tools.find((tool) => tool.name === 'store_lab_orders')?.outputSchema ?? false,
  );
  const pages: { structured: Page; text: string }[] = [];
  let call: Page['next'] = { tool: 'store_lab_orders', arguments: args };
  while (call && pages.length < 10) {
    const result = await connected.mcp.callTool({ name: call.tool, arguments: call.arguments });
    if (result.isError) throw new Error(texts(result).join('\n'));
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(BUDGET);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    const structured = result.structuredContent as Page;
    pages.push({ structured, text: texts(result)[0] ?? '' });
    call = structured.next;
  }
  return pages;
}

/** The store's orders as its tables hold them, with their user's client id and every status event. */
function storedOrders() {
  const orders = db
    .prepare(
      `SELECT o.order_id, u.client_user_id, o.status, o.updated_at FROM svc_lab_orders o
       LEFT JOIN svc_users u ON u.user_id = o.user_id ORDER BY o.updated_at, o.order_id`,
    )
    .all() as { order_id: string; client_user_id: string | null; status: string; updated_at: string }[];
  const events = db.prepare(
    'SELECT status FROM svc_lab_order_events WHERE order_id = ? ORDER BY occurred_at, status',
  );
  return orders.map((order) => ({
    ...order,
    events: (events.all(order.order_id) as { status: string }[]).map((event) => event.status),
  }));
}

describe('svc-mcp --store answers lab order questions', () => {
  it('"which lab orders are not completed yet and why": one call, equal to the store', async () => {
    const pages = await walk({});
    expect(pages.length).toBeLessThanOrEqual(3);
    const orders = pages.flatMap((page) => page.structured.orders);
    const truth = storedOrders().filter((order) => !/^(completed|cancelled)\./.test(order.status));
    // Users 4 and 5 never booked the visit: their orders are still received, the others are final.
    expect(truth.map((order) => order.client_user_id)).toEqual([labUser(4), labUser(5)]);
    expect(pages[0]?.structured.total).toBe(truth.length);
    expect(
      orders.map((order) => [
        order.order_id,
        order.client_user_id,
        order.status,
        Date.parse(order.updated_at),
      ]),
    ).toEqual(
      truth.map((order) => [
        order.order_id,
        order.client_user_id,
        order.status,
        Date.parse(order.updated_at),
      ]),
    );
    for (const [index, order] of orders.entries()) {
      expect(order).toMatchObject({ stage: 'received', final: false });
      expect(order.events_total).toBe(truth[index]?.events.length);
      expect(order.events.map((event) => event.status)).toEqual(truth[index]?.events.slice(-3));
    }
    expect(pages[0]?.text).toMatch(/^2 lab orders not final/);
    expect(connected.mcp.getInstructions()).toMatch(/which lab orders are not completed/);
    expect(pages[0]?.text).toContain(`of ${labUser(4)}: received (received.`);
  });

  it('tells the final orders apart: completed after the visit and the lab, or cancelled', async () => {
    const orders = (await walk({ state: 'final', events: 20 })).flatMap((page) => page.structured.orders);
    const truth = storedOrders().filter((order) => /^(completed|cancelled)\./.test(order.status));
    expect(orders.map((order) => [order.client_user_id, order.stage])).toEqual(
      truth.map((order) => [order.client_user_id, order.status.split('.')[0]]),
    );
    expect(orders.filter((order) => order.stage === 'completed')).toHaveLength(3);
    expect(
      orders.filter((order) => order.stage === 'cancelled').map((order) => order.client_user_id),
    ).toEqual([labUser(6)]);
    const completed = orders.find((order) => order.stage === 'completed');
    expect(completed?.events.map((event) => event.status)).toEqual(
      truth.find((order) => order.order_id === completed?.order_id)?.events,
    );
    expect(orders.length + 2).toBe(LAB_USERS);
  });

  it('continues one order at a time when asked, ranked and complete', async () => {
    const pages = await walk({ state: 'all', limit: 1 });
    expect(pages).toHaveLength(LAB_USERS);
    expect(pages.flatMap((page) => page.structured.orders.map((order) => order.order_id))).toEqual(
      storedOrders().map((order) => order.order_id),
    );
  });
});
