import { type RequestOptions, type SvcClient, ValidationError } from '@svc/client';
import type { Schema } from '@svc/types';
import type { UsAddress } from './orders.js';
import { APPOINTMENT_NOTES_MAX_LENGTH, checkText } from './text-limits.js';

export type AppointmentRecord = Schema<'AppointmentRecord'>;
export type AppointmentBookingResult = Schema<'AppointmentBookingResult'>;
export type PhlebotomyAvailability = Schema<'PhlebotomyAvailability'>;
/** A phlebotomy provider slug (the service's four slugs are not documented; kept open). */
export type AppointmentProvider = Schema<'AppointmentProvider'>;

/** Days of slots one availability read returns (section 8). */
export const AVAILABILITY_WINDOW_DAYS = 14;

/** An at-home phlebotomy appointment request. */
export interface PhlebotomyRequest {
  address: UsAddress;
  provider: AppointmentProvider;
  /** Notes for the phlebotomist, at most 1000 characters (checked before sending, never cut or dropped). */
  appointment_notes?: string | null;
}

/**
 * A booking or reschedule. Only `appointment_notes` is documented for these bodies; `address`,
 * `provider` and any other field the service takes (e.g. the chosen slot) pass through unchanged.
 */
export type PhlebotomyBooking = Schema<'AppointmentChangeRequest'> & {
  address?: UsAddress;
  provider?: AppointmentProvider;
  /** Notes for the phlebotomist, at most 1000 characters (checked before sending, never cut or dropped). */
  appointment_notes?: string | null;
};

export interface AvailabilityQuery {
  /** First day of the 14-day window; the format is not documented (the mock's examples use `YYYY-MM-DD`). */
  start_date?: string;
}

export interface PhlebotomyAppointments {
  /** 14 days of at-home slots for the order, from `start_date` when given. */
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

function checkBody(value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('body', 'must be an object');
  }
  checkText(
    'appointment_notes',
    (value as { appointment_notes?: unknown }).appointment_notes,
    APPOINTMENT_NOTES_MAX_LENGTH,
    {
      nullable: true,
    },
  );
}

export function createPhlebotomy(client: SvcClient): PhlebotomyAppointments {
  return {
    async availability(orderId, query = {}, options) {
      return client.getPhlebotomyAppointmentAvailability({ ...query, order_id: orderId }, options);
    },
    async request(orderId, request, options) {
      checkBody(request, true);
      return client.requestPhlebotomyAppointment({ order_id: orderId, body: request }, options);
    },
    async book(orderId, booking, options) {
      checkBody(booking, false);
      return client.bookPhlebotomyAppointment({ order_id: orderId, body: booking ?? {} }, options);
    },
    async reschedule(orderId, booking, options) {
      checkBody(booking, false);
      return client.reschedulePhlebotomyAppointment({ order_id: orderId, body: booking ?? {} }, options);
    },
  };
}
