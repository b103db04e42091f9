import { type RequestOptions, type SvcClient, ValidationError } from '@svc/client';
import type { Schema } from '@svc/types';
import { idempotencyKeyFor } from './internal/idempotency-key.js';
import { CLINICAL_NOTES_MAX_LENGTH, checkText } from './text-limits.js';

export type Order = Schema<'Order'>;
export type OrderImportResult = Schema<'OrderImportResult'>;
/** A US address; on an order's patient address, `access_notes` reach the phlebotomist on every booking and reschedule. */
export type UsAddress = Schema<'UsAddress'>;

/** `INCORRECT_LAB` makes the service resolve a fresh lab account instead of reusing the earlier one. Open: other reasons pass. */
export type UpdateReason = Schema<'OrderUpdateReason'>;

/**
 * An order to create. The fields below are the documented ones; the request is open, so other fields
 * the service accepts pass through unchanged.
 */
export type CreateOrderInput = Omit<Schema<'OrderCreateRequest'>, 'update_reason'> & {
  /** Patient address; optional `access_notes` (gate codes, parking…) are forwarded to the phlebotomist. */
  patient_address?: UsAddress;
  /** The lab account to order through; when omitted the service resolves one. */
  lab_account_id?: string;
  /** Clinical comments for the requisition, at most 1000 characters (checked before sending, never cut). */
  clinical_notes?: string;
  update_reason?: UpdateReason;
};

/** An order to import; the shape is not documented and passes through. Lab accounts in PENDING status are accepted. */
export type ImportOrderInput = Schema<'OrderImportRequest'>;

export interface Orders {
  /**
   * Creates an order, idempotently: one key per call (yours via `options.idempotencyKey`, else a fresh
   * uuid) goes with every retry of the call, so a flaky network never creates two orders. To retry a
   * failed call yourself later, pass the same key again.
   */
  create(input: CreateOrderInput, options?: RequestOptions): Promise<Order>;
  /** Imports an order (lab accounts in PENDING status are accepted). */
  import(input: ImportOrderInput, options?: RequestOptions): Promise<OrderImportResult>;
}

function checkObject(field: string, value: unknown): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(field, 'must be an object');
  }
}

export function createOrders(client: SvcClient): Orders {
  return {
    async create(input, options = {}) {
      checkObject('input', input);
      checkText('clinical_notes', input.clinical_notes, CLINICAL_NOTES_MAX_LENGTH);
      if (input.patient_address !== undefined) checkObject('patient_address', input.patient_address);
      const idempotencyKey = idempotencyKeyFor(options.idempotencyKey);
      return client.createOrder({ body: input }, { ...options, idempotencyKey });
    },
    async import(input, options) {
      checkObject('input', input);
      return client.importOrder({ body: input }, options);
    },
  };
}
