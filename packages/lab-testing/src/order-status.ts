// Order status → user-facing stage. The service documents only a few values (section 3.4) and says
// more will come: the raw enums stay open, the stages are a closed union with an explicit `unknown`.
// The other phases are the sandbox's conventions (`SandboxValues`), classified so that every status the
// sandbox sends has a stage.
import type { SandboxValues, Schema } from '@svc/types';
import { type KnownValues, lookup } from './internal/known-values.js';

type Order = Schema<'Order'>;
type OrderEvent = Schema<'OrderEvent'>;
/** The raw order status (open: values the service adds later still type-check). */
export type OrderStatus = Schema<'OrderStatus'>;
/** The raw low-level order status (open). */
export type OrderLowLevelStatus = Schema<'OrderLowLevelStatus'>;

/**
 * Where an order stands, for people. Closed: switch over it exhaustively (see `assertNever`).
 * - `received`: ordered, nothing collected yet (status `received.*`).
 * - `collecting_sample`: the sample is being collected (status `collecting_sample.*`).
 * - `in_transit_problem`: a test kit ran into a problem in transit (`problemInTransit` says which leg).
 * - `sample_with_lab`: the lab has the sample (status `sample_with_lab.*`).
 * - `completed`: results are ready (status `completed.*`).
 * - `cancelled`: the order was cancelled (status `cancelled.*`).
 * - `unknown`: a status this version does not know (added later) or none at all; show a neutral text.
 *
 * `received`, `sample_with_lab`, `completed` and `cancelled` are read from the phases the Svc sandbox
 * sends; the service may send other statuses, which read `unknown`.
 */
export type OrderStage = PhaseStage | 'in_transit_problem' | 'unknown';

/** The stages an order's phase gives (the first segment of its status, `collecting_sample.testkit.…`). */
type PhaseStage = 'received' | 'collecting_sample' | 'sample_with_lab' | 'completed' | 'cancelled';

/** Which leg of transit a problem is on: to the customer, or to the lab. */
export type TransitLeg = 'customer' | 'lab';

const ORDER_STATUS_STAGES = {
  'collecting_sample.testkit.problem_in_transit_customer': ['in_transit_problem', 'customer'],
  'collecting_sample.testkit.problem_in_transit_lab': ['in_transit_problem', 'lab'],
} as const satisfies Record<KnownValues<OrderStatus>, readonly [OrderStage, TransitLeg | null]>;

const LOW_LEVEL_STAGES = {
  problem_in_transit_customer: ['in_transit_problem', 'customer'],
  problem_in_transit_lab: ['in_transit_problem', 'lab'],
} as const satisfies Record<KnownValues<OrderLowLevelStatus>, readonly [OrderStage, TransitLeg | null]>;

/** The first segment of a dotted status: `collecting_sample.testkit.…` → `collecting_sample`. */
type PhaseOf<S extends string> = S extends `${infer Phase}.${string}` ? Phase : S;

/**
 * Statuses are dotted paths whose first segment is the phase (`collecting_sample.testkit.…`); a value
 * not in the table but under a known phase keeps that phase rather than falling to `unknown`. Every
 * phase of a documented status or of the sandbox's must have a stage here, or this does not compile.
 */
const PHASES = {
  received: 'received',
  collecting_sample: 'collecting_sample',
  sample_with_lab: 'sample_with_lab',
  completed: 'completed',
  cancelled: 'cancelled',
} as const satisfies Record<PhaseOf<KnownValues<OrderStatus> | SandboxValues['OrderStatus']>, OrderStage>;

function orderStatusEntry(status: unknown): readonly [OrderStage, TransitLeg | null] {
  const known = lookup<readonly [OrderStage, TransitLeg | null]>(ORDER_STATUS_STAGES, status);
  if (known) return known;
  // Only a dotted value is under a phase: a bare `completed` is not an order status this reads.
  if (typeof status === 'string' && status.includes('.')) {
    const phase = lookup<OrderStage>(PHASES, status.slice(0, status.indexOf('.')));
    if (phase) return [phase, null];
  }
  return ['unknown', null];
}

/** The stage of an order status; unknown or missing values give `unknown`, never an error. */
export function classifyOrderStatus(status: OrderStatus | null | undefined): OrderStage {
  return orderStatusEntry(status)[0];
}

/** The stage of a low-level order status (`problem_in_transit_*` → `in_transit_problem`; others `unknown`). */
export function classifyOrderLowLevelStatus(status: OrderLowLevelStatus | null | undefined): OrderStage {
  return lookup<readonly [OrderStage, TransitLeg | null]>(LOW_LEVEL_STAGES, status)?.[0] ?? 'unknown';
}

/** What an order record says about its state. */
export interface OrderStatusInfo {
  stage: OrderStage;
  /** Set when `stage` is `in_transit_problem`: the leg the problem is on. */
  problemInTransit: TransitLeg | null;
  /** The raw status of the last event (open enum), or null when the order has no event. */
  status: OrderStatus | null;
  /** The raw low-level status, or null when absent. */
  lowLevelStatus: OrderLowLevelStatus | null;
  /** The last event: `last_event`, else the last item of `events`, else null. */
  lastEvent: OrderEvent | null;
  /** `status_detail` of the last event: finer-grained information when populated (any type: kept open). */
  statusDetail: unknown;
}

/**
 * Reads an order record (from `createOrder`, or an order status change event): the last event's
 * status and `status_detail`, and the low-level status. A transit problem reported by either status
 * wins, because it is the one a person must act on.
 */
export function orderStatus(order: Order): OrderStatusInfo {
  const events = Array.isArray(order.events) ? order.events : [];
  const lastEvent = order.last_event ?? events[events.length - 1] ?? null;
  const status = typeof lastEvent?.status === 'string' ? lastEvent.status : null;
  const lowLevelStatus = typeof order.low_level_status === 'string' ? order.low_level_status : null;
  let [stage, problemInTransit] = orderStatusEntry(status);
  const lowLevel = lookup<readonly [OrderStage, TransitLeg | null]>(LOW_LEVEL_STAGES, lowLevelStatus);
  if (lowLevel && stage !== 'in_transit_problem') [stage, problemInTransit] = lowLevel;
  return {
    stage,
    problemInTransit,
    status,
    lowLevelStatus,
    lastEvent,
    statusDetail: lastEvent?.status_detail ?? null,
  };
}
