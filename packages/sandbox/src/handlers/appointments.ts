import { HttpError } from '../internal/http-error.js';
import { parseIsoTime } from '../internal/parse-iso-time.js';
import { type AppointmentKind, appointmentRecord } from '../world/lab/appointments.js';
import {
  type Booking,
  bookPhlebotomyVisit,
  bookServiceCenterVisit,
  requestPhlebotomyVisit,
  reschedulePhlebotomyVisit,
  serviceCenterAppointmentOf,
} from '../world/lab/bookings.js';
import { orderById } from '../world/lab/orders.js';
import { availableSlots, PSC_LOCATION } from '../world/lab/slots.js';
import type { OperationContext, OperationHandler } from './operation-context.js';

/** The availability read of each kind of appointment: the spec states its window of days on it. */
const AVAILABILITY: Record<AppointmentKind, string> = {
  phlebotomy: 'getPhlebotomyAppointmentAvailability',
  patient_service_center: 'getPscAppointmentAvailability',
};

/** Days of slots an availability answer covers: its operation's `x-svc-window-days` in the served spec. */
function windowDaysOf(context: OperationContext, kind: AppointmentKind): number {
  const days = context.operations.get(AVAILABILITY[kind])?.windowDays;
  if (days === undefined) throw new Error(`the spec states no x-svc-window-days on ${AVAILABILITY[kind]}`);
  return days;
}

/** The `start_date` of an availability read as a time value, or undefined for the sandbox's today. */
function startDateOf(context: OperationContext): number | undefined {
  const start = context.query.start_date;
  if (!start) return undefined;
  const first = parseIsoTime(start);
  if (first === undefined)
    throw new HttpError(422, 'invalid_request', 'start_date must be a date (YYYY-MM-DD)', [
      { location: ['request', 'query', 'start_date'], code: 'format', message: 'start_date must be a date' },
    ]);
  return first;
}

/** The slots of an availability read: the window the spec states, from `start_date`. */
function slotsOf(context: OperationContext, kind: AppointmentKind) {
  orderById(context, context.path.order_id);
  const from = startDateOf(context);
  return availableSlots(context.world, kind, from, windowDaysOf(context, kind));
}

/** What a booking or reschedule body asks for. */
function bookingOf(context: OperationContext, kind: AppointmentKind): Booking {
  const body = (context.body ?? {}) as { booking_key?: unknown; appointment_notes?: string | null };
  return {
    bookingKey: typeof body.booking_key === 'string' ? body.booking_key : undefined,
    notes: body.appointment_notes,
    windowDays: () => windowDaysOf(context, kind),
  };
}

const answer = (appointment: Parameters<typeof appointmentRecord>[0]) => ({
  status: 200,
  body: appointmentRecord(appointment),
});

export const getPhlebotomyAppointmentAvailability: OperationHandler = (context) => ({
  status: 200,
  body: { timezone: 'UTC', slots: slotsOf(context, 'phlebotomy') },
});

export const requestPhlebotomyAppointment: OperationHandler = (context) => {
  const body = context.body as {
    address: Record<string, unknown>;
    provider: string;
    appointment_notes?: string | null;
  };
  return answer(
    requestPhlebotomyVisit(context, context.path.order_id, {
      address: body.address,
      provider: body.provider,
      appointment_notes: body.appointment_notes ?? null,
    }),
  );
};

export const bookPhlebotomyAppointment: OperationHandler = (context) =>
  answer(bookPhlebotomyVisit(context, context.path.order_id, bookingOf(context, 'phlebotomy')));

export const reschedulePhlebotomyAppointment: OperationHandler = (context) =>
  answer(reschedulePhlebotomyVisit(context, context.path.order_id, bookingOf(context, 'phlebotomy')));

export const getPscAppointmentAvailability: OperationHandler = (context) => ({
  status: 200,
  body: { timezone: 'UTC', location: PSC_LOCATION, slots: slotsOf(context, 'patient_service_center') },
});

export const bookPscAppointment: OperationHandler = (context) =>
  answer(
    bookServiceCenterVisit(context, context.path.order_id, bookingOf(context, 'patient_service_center')),
  );

export const getPscAppointment: OperationHandler = (context) =>
  answer(serviceCenterAppointmentOf(context, context.path.order_id));
