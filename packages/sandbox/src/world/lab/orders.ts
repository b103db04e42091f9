import { ownTable } from '../../internal/own-table.js';
import { metaOf, next } from '../../machines/lifecycles.js';
import { biomarkersFor } from '../data/biomarkers.js';
import { LAB_ACCOUNTS } from '../data/catalogue-data.js';
import { nextUuid } from '../state/new-world.js';
import { notFound } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { type Scenario, scenarioFor } from '../state/scenarios.js';
import type { SandboxOrder } from '../state/world-state.js';
import { userOfBody } from '../users/users.js';

/** What each order status means, sent as `status_detail` where the sandbox has something to add. */
const STATUS_DETAILS = ownTable<string>({
  problem_in_transit_lab: 'The carrier reports the sample lost on its way to the lab; a new draw is needed.',
  problem_in_transit_customer: 'The carrier reports the test kit lost on its way to the customer.',
  completed: 'Results are ready.',
});

/** The order record as the API returns it. */
export function orderRecord(runtime: WorldRuntime, order: SandboxOrder) {
  const events = order.events.map(({ id, created_at, status, status_detail }) => ({
    id,
    created_at,
    status,
    status_detail,
  }));
  return {
    ...order.request,
    id: order.id,
    user_id: order.user_id,
    team_id: runtime.world.team_id,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: events[events.length - 1]?.status,
    events,
    last_event: events[events.length - 1],
    ...(order.low_level_status ? { low_level_status: order.low_level_status } : {}),
    ...(order.state === 'completed' ? { results: biomarkersFor(runtime.world.seed, order.id) } : {}),
  };
}

/** Moves an order through its lifecycle and emits `labtest.order.updated` with the new event. */
export function moveOrder(runtime: WorldRuntime, order: SandboxOrder, event: string): void {
  order.state = next('order', order.state, event);
  recordOrderEvent(runtime, order);
}

function recordOrderEvent(runtime: WorldRuntime, order: SandboxOrder): void {
  const meta = metaOf('order', order.state);
  order.updated_at = runtime.world.now;
  order.low_level_status = meta.lowLevelStatus ?? null;
  order.events.push({
    id: order.events.length + 1,
    created_at: runtime.world.now,
    status: meta.status as string,
    status_detail: STATUS_DETAILS[order.state] ?? null,
  });
  const user = runtime.world.users[order.user_id];
  runtime.emit({
    event_type: 'labtest.order.updated',
    user_id: order.user_id,
    client_user_id: user?.client_user_id ?? null,
    data: orderRecord(runtime, order),
  });
}

/** What the clock does to an order: the sample's journey once drawn, by the order's scenario. */
export function onOrderTimer(runtime: WorldRuntime, order: SandboxOrder, event: string): void {
  if (event === 'SAMPLE_DRAWN' && order.state !== 'appointment_scheduled') return;
  moveOrder(runtime, order, event);
  if (event === 'SAMPLE_DRAWN')
    runtime.schedule({ at: 3600, kind: 'order', id: order.id, event: 'SAMPLE_SHIPPED' });
  if (event === 'SAMPLE_SHIPPED') {
    const lost = order.scenario === 'sample_lost_in_transit';
    runtime.schedule({
      at: 86_400,
      kind: 'order',
      id: order.id,
      event: lost ? 'SAMPLE_LOST' : 'SAMPLE_DELIVERED',
    });
  }
  if (event === 'SAMPLE_DELIVERED')
    runtime.schedule({ at: 86_400, kind: 'order', id: order.id, event: 'RESULTS_READY' });
}

export function orderById(runtime: WorldRuntime, orderId: string | undefined): SandboxOrder {
  const order = orderId === undefined ? undefined : runtime.world.orders[orderId];
  if (!order) throw notFound(`order ${orderId}`);
  return order;
}

/** A new order from a create or import request's body, in the scenario the request or its user names. */
export function createOrderRecord(
  runtime: WorldRuntime,
  body: Record<string, unknown>,
  scenario: Scenario | undefined,
): SandboxOrder {
  return runtime.transact(() => newOrder(runtime, body, scenario));
}

function newOrder(runtime: WorldRuntime, body: Record<string, unknown>, scenario: Scenario | undefined) {
  const { world } = runtime;
  const user = userOfBody(world, body, 'the order');
  if (
    typeof body.lab_account_id === 'string' &&
    !LAB_ACCOUNTS.some((a) => a.lab_account_id === body.lab_account_id)
  )
    throw notFound(`lab account ${body.lab_account_id}`);
  const order: SandboxOrder = {
    id: nextUuid(world, 'order'),
    user_id: user.user_id,
    team_id: world.team_id,
    state: 'ordered',
    scenario: scenarioFor('order', scenario, user.scenario),
    created_at: world.now,
    updated_at: world.now,
    request: body,
    events: [],
    low_level_status: null,
    appointment_id: null,
    psc_appointment_id: null,
  };
  world.orders[order.id] = order;
  recordOrderEvent(runtime, order);
  if (order.scenario === 'kit_lost_to_customer')
    runtime.schedule({ at: 86_400, kind: 'order', id: order.id, event: 'KIT_LOST' });
  return order;
}

/** Every order of the world as the API records it, oldest first (the API itself has no such read). */
export const listOrders = (runtime: WorldRuntime) =>
  Object.values(runtime.world.orders).map((order) => orderRecord(runtime, order));

export const getOrder = (runtime: WorldRuntime, id: string) => orderRecord(runtime, orderById(runtime, id));
