import { classifyOrderStatus, type OrderStage } from '@svc/lab-testing';
import { type LabOrderHistory, labOrderHistories, type SyncStore } from '@svc/sync';
import type { Answer } from './store-answer.js';
import { labOrdersText } from './store-text.js';

/**
 * Whether an order at each stage is done moving: exhaustive over `@svc/lab-testing`'s stages, so a
 * stage added there does not compile here until it is placed.
 */
const FINAL_STAGES = {
  received: false,
  collecting_sample: false,
  in_transit_problem: false,
  sample_with_lab: false,
  completed: true,
  cancelled: true,
  unknown: false,
} as const satisfies Record<OrderStage, boolean>;

export const ORDER_STATES = ['open', 'final', 'all'] as const;
/** Every stage an order can be at, as `@svc/lab-testing` names them. */
export const ORDER_STAGES = Object.keys(FINAL_STAGES) as OrderStage[];

/** An order's stage, as `@svc/lab-testing` reads its latest status. */
const stageOf = (status: string | null): OrderStage => classifyOrderStatus(status);

const statusDetail = (data: Record<string, unknown>): unknown =>
  (data.last_event as { status_detail?: unknown } | undefined)?.status_detail ?? null;

/** One order of the answer, as `structuredContent` carries it. */
function orderItem(order: LabOrderHistory) {
  const stage = stageOf(order.status);
  return {
    order_id: order.orderId,
    client_user_id: order.clientUserId,
    user_id: order.userId,
    status: order.status,
    stage,
    final: FINAL_STAGES[stage],
    updated_at: order.updatedAt,
    events_total: order.eventsTotal,
    events: order.events.map((event) => ({
      status: event.status,
      stage: stageOf(event.status),
      occurred_at: event.occurredAt,
      event_type: event.eventType,
      status_detail: statusDetail(event.data),
    })),
    parsed_reports: order.parsedReports.map((job) => ({
      job_id: job.jobId,
      status: job.status,
      updated_at: job.updatedAt,
      results: job.job.results as unknown[],
    })),
  };
}

export type LabOrderItem = ReturnType<typeof orderItem>;

/**
 * `store_lab_orders`: the lab orders in a state (`open`: the latest status is not a final one), of one
 * user or all, ranked by when they last changed (the stalest first by default), one page of them.
 */
export async function labOrdersAnswer(store: SyncStore, args: Record<string, unknown>): Promise<Answer> {
  const state = (args.state as (typeof ORDER_STATES)[number] | undefined) ?? 'open';
  const order = args.order === 'desc' ? -1 : 1;
  const rows = (await labOrderHistories(store, { events: (args.events as number | undefined) ?? 3 }))
    .map(orderItem)
    .filter((item) => state === 'all' || item.final === (state === 'final'))
    .filter((item) =>
      typeof args.client_user_id === 'string' ? item.client_user_id === args.client_user_id : true,
    )
    .sort(
      (a, b) =>
        order * (Date.parse(a.updated_at) - Date.parse(b.updated_at)) || a.order_id.localeCompare(b.order_id),
    );
  const offset = Number(args.cursor ?? 0);
  const limit = (args.limit as number | undefined) ?? 20;
  const orders = rows.slice(offset, offset + limit);
  return {
    total: rows.length,
    items: orders.length,
    offset,
    page: (shown, more) => {
      const page = orders.slice(0, shown);
      return {
        structured: { state, total: rows.length, orders: page },
        text: labOrdersText(state, rows.length, offset, page, more),
      };
    },
  };
}
