import type { NamedParams, RequestOptions, SvcClient } from '@svc/client';
import type { operations, Schema } from '@svc/types';
import { asCallerInput } from './internal/as-caller-input.js';

export type Order = Schema<'Order'>;
export type OrderImportResult = Schema<'OrderImportResult'>;
/** A US address; on an order's patient address, `access_notes` reach the phlebotomist on every booking and reschedule. */
export type UsAddress = Schema<'UsAddress'>;

/** `INCORRECT_LAB` makes the service resolve a fresh lab account instead of reusing the earlier one. Open: other reasons pass. */
export type UpdateReason = Schema<'OrderUpdateReason'>;

/**
 * An order to create: the body of `createOrder` as the spec states it (documented fields typed, other
 * fields pass through). Its limits (e.g. the length of `clinical_notes`) are checked before sending.
 */
export type CreateOrderInput = NonNullable<NamedParams<operations['createOrder']>['body']>;

/** An order to import; the shape is not documented and passes through. Lab accounts in PENDING status are accepted. */
export type ImportOrderInput = NonNullable<NamedParams<operations['importOrder']>['body']>;

export interface Orders {
  /**
   * Creates an order, idempotently: one key per call (yours via `options.idempotencyKey`, else a fresh
   * one) goes with every retry of the call, so a flaky network never creates two orders. To retry a
   * failed call yourself later, pass the same key again.
   */
  create(input: CreateOrderInput, options?: RequestOptions): Promise<Order>;
  /** Imports an order (lab accounts in PENDING status are accepted). */
  import(input: ImportOrderInput, options?: RequestOptions): Promise<OrderImportResult>;
}

export function createOrders(client: SvcClient): Orders {
  return {
    // The key comes from the client: createOrder is `x-svc-idempotent` in the spec.
    create: (input, options) => asCallerInput('input', () => client.createOrder({ body: input }, options)),
    import: (input, options) => asCallerInput('input', () => client.importOrder({ body: input }, options)),
  };
}
