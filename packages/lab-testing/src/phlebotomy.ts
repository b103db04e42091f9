import { type NamedParams, operationRules, type RequestOptions, type SvcClient } from '@svc/client';
import type { operations, Schema } from '@svc/types';
import { asCallerInput } from './internal/as-caller-input.js';

export type AppointmentRecord = Schema<'AppointmentRecord'>;
export type AppointmentBookingResult = Schema<'AppointmentBookingResult'>;
export type PhlebotomyAvailability = Schema<'PhlebotomyAvailability'>;
/** A phlebotomy provider slug (the service's four slugs are not documented; kept open). */
export type AppointmentProvider = Schema<'AppointmentProvider'>;

/** Days of slots one availability read returns, as the spec states it (the operation's `x-svc-window-days`). */
export const AVAILABILITY_WINDOW_DAYS: number | undefined = operationRules(
  'getPhlebotomyAppointmentAvailability',
).windowDays;

/** An at-home phlebotomy appointment request: the body of `requestPhlebotomyAppointment` as the spec states it. */
export type PhlebotomyRequest = NamedParams<operations['requestPhlebotomyAppointment']>['body'];

/**
 * A booking or reschedule: the body of `bookPhlebotomyAppointment` as the spec states it (only
 * `appointment_notes` is documented; any other field, e.g. the chosen slot, passes through unchanged).
 */
export type PhlebotomyBooking = NonNullable<NamedParams<operations['bookPhlebotomyAppointment']>['body']>;

/** The availability query; the helper supplies `order_id`. */
export type AvailabilityQuery = Omit<
  NamedParams<operations['getPhlebotomyAppointmentAvailability']>,
  'order_id'
>;

export interface PhlebotomyAppointments {
  /** At-home slots for the order over AVAILABILITY_WINDOW_DAYS days, from `start_date` when given. */
  availability(
    orderId: string,
    query?: AvailabilityQuery,
    options?: RequestOptions,
  ): Promise<PhlebotomyAvailability>;
  /** Requests an appointment; the new appointment starts `pending` (stage `requested`). */
  request(orderId: string, request: PhlebotomyRequest, options?: RequestOptions): Promise<AppointmentRecord>;
  book(
    orderId: string,
    booking?: PhlebotomyBooking,
    options?: RequestOptions,
  ): Promise<AppointmentBookingResult>;
  reschedule(
    orderId: string,
    booking?: PhlebotomyBooking,
    options?: RequestOptions,
  ): Promise<AppointmentBookingResult>;
}

export function createPhlebotomy(client: SvcClient): PhlebotomyAppointments {
  return {
    async availability(orderId, query = {}, options) {
      return client.getPhlebotomyAppointmentAvailability({ ...query, order_id: orderId }, options);
    },
    request: (orderId, request, options) =>
      asCallerInput('request', () =>
        client.requestPhlebotomyAppointment({ order_id: orderId, body: request }, options),
      ),
    book: (orderId, booking, options) =>
      asCallerInput('booking', () =>
        client.bookPhlebotomyAppointment(
          { order_id: orderId, body: booking === undefined ? {} : booking },
          options,
        ),
      ),
    reschedule: (orderId, booking, options) =>
      asCallerInput('booking', () =>
        client.reschedulePhlebotomyAppointment(
          { order_id: orderId, body: booking === undefined ? {} : booking },
          options,
        ),
      ),
  };
}
