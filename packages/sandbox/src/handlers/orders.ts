import { createOrderRecord, orderRecord } from '../world/lab/orders.js';
import type { OperationHandler } from './operation-context.js';

export const createOrder: OperationHandler = (context) => {
  const order = createOrderRecord(context, (context.body ?? {}) as Record<string, unknown>, context.scenario);
  return { status: 200, body: orderRecord(context, order) };
};

export const importOrder: OperationHandler = (context) => {
  const order = createOrderRecord(context, (context.body ?? {}) as Record<string, unknown>, context.scenario);
  return { status: 200, body: { id: order.id, status: orderRecord(context, order).status } };
};
