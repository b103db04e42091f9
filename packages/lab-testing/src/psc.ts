import type { NamedParams, RequestOptions, SvcClient } from '@svc/client';
import type { operations, Schema } from '@svc/types';
import { type AppointmentStage, appointmentStatus } from './appointment-status.js';
import { PscBookingFailedError } from './errors.js';
import { asCallerInput } from './internal/as-caller-input.js';
import { poll } from './internal/poll.js';
import type { AppointmentBookingResult, AppointmentRecord } from './phlebotomy.js';
import type { PollOptions } from './poll-options.js';

export type PscAvailability = Schema<'PscAvailability'>;
/** A PSC booking: the body of `bookPscAppointment`; its fields are not documented and pass through (e.g. the chosen slot). */
export type PscBooking = NonNullable<NamedParams<operations['bookPscAppointment']>['body']>;

/** Stages at which a PSC booking is settled: confirmed (or already under way), or cancelled. */
const SETTLED: ReadonlySet<AppointmentStage> = new Set([
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
]);

export interface PscAppointments {
  /** Patient-service-center slots for the order (served from a cache refreshed every minute). */
  availability(orderId: string, options?: RequestOptions): Promise<PscAvailability>;
  /**
   * Books a PSC appointment, idempotently (one key per call, yours via `options.idempotencyKey`).
   * The service confirms asynchronously: follow it with `waitForConfirmation`, or use `bookAndConfirm`.
   */
  book(orderId: string, booking?: PscBooking, options?: RequestOptions): Promise<AppointmentBookingResult>;
  /**
   * The order's PSC appointment record. The service may not offer this read: then it fails
   * with `NotFoundError`; follow the booking through the `labtest.order.updated` webhook.
   */
  get(orderId: string, options?: RequestOptions): Promise<AppointmentRecord>;
  /**
   * Reads the appointment with backoff until it is confirmed (or already in progress or completed)
   * and resolves with it. Throws PscBookingFailedError when it is cancelled, PollTimeoutError at the
   * timeout and AbortError on `signal`. Unknown statuses keep it waiting.
   */
  waitForConfirmation(orderId: string, options?: PollOptions): Promise<AppointmentRecord>;
  /** `book`, then `waitForConfirmation`; `idempotencyKey` is the booking's key. */
  bookAndConfirm(
    orderId: string,
    booking?: PscBooking,
    options?: PollOptions & { idempotencyKey?: string },
  ): Promise<AppointmentRecord>;
}

export function createPsc(client: SvcClient, defaults: PollOptions): PscAppointments {
  const api: PscAppointments = {
    async availability(orderId, options) {
      return client.getPscAppointmentAvailability({ order_id: orderId }, options);
    },
    // The key comes from the client: bookPscAppointment is `x-svc-idempotent` in the spec.
    book: (orderId, booking, options) =>
      asCallerInput('booking', () =>
        client.bookPscAppointment({ order_id: orderId, body: booking === undefined ? {} : booking }, options),
      ),
    async get(orderId, options) {
      return client.getPscAppointment({ order_id: orderId }, options);
    },
    async waitForConfirmation(orderId, options = {}) {
      const appointment = await poll(
        (signal) => client.getPscAppointment({ order_id: orderId }, { signal }),
        {
          ...defaults,
          ...options,
          what: `PSC appointment of order ${orderId}`,
          isDone: (record) => SETTLED.has(appointmentStatus(record).stage),
          stageOf: (record) => appointmentStatus(record).stage,
          statusOf: (record) => appointmentStatus(record).status ?? appointmentStatus(record).eventStatus,
        },
      );
      const { stage, status, eventStatus } = appointmentStatus(appointment);
      if (stage === 'cancelled')
        throw new PscBookingFailedError(orderId, status ?? eventStatus ?? stage, appointment);
      return appointment;
    },
    async bookAndConfirm(orderId, booking, options = {}) {
      const { idempotencyKey, ...wait } = options;
      await api.book(orderId, booking, { idempotencyKey, signal: wait.signal });
      return api.waitForConfirmation(orderId, wait);
    },
  };
  return api;
}
