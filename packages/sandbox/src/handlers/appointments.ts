import { HttpError, notFound } from '../internal/http-error.js';
import { next } from '../machines/lifecycles.js';
import {
  activeAppointment,
  appointmentRecord,
  type AppointmentKind as Kind,
  moveAppointment,
  newAppointment,
  PSC_CONFIRMATION_SECONDS,
  scheduleVisit,
  unschedule,
} from '../world/appointments.js';
import { moveOrder, orderById } from '../world/orders.js';
import { refuseDrawOnTestKit } from '../world/scenarios.js';
import type { SandboxAppointment } from '../world/world-state.js';
import type { OperationContext, OperationHandler } from './operation-context.js';

const DAY_MS = 86_400_000;
const PHLEBOTOMY_SLOTS = [
  [8, 10],
  [10, 12],
  [14, 16],
] as const;
const PSC_SLOTS = [
  [9, 9.25],
  [11, 11.25],
  [15, 15.25],
] as const;
const PSC_LOCATION = { first_line: '500 Center Ave', city: 'Springfield', state: 'IL', zip_code: '62702' };

/** The availability read of each kind of appointment: the spec states its window of days on it. */
const AVAILABILITY: Record<Kind, string> = {
  phlebotomy: 'getPhlebotomyAppointmentAvailability',
  patient_service_center: 'getPscAppointmentAvailability',
};

/** Days of slots an availability answer covers: its operation's `x-svc-window-days` in the served spec. */
function windowDaysOf(context: OperationContext, kind: Kind): number {
  const days = context.operations.get(AVAILABILITY[kind])?.windowDays;
  if (days === undefined) throw new Error(`the spec states no x-svc-window-days on ${AVAILABILITY[kind]}`);
  return days;
}

/** Slots of the availability window from `start_date` (default: the sandbox's today), skipping those already begun. */
function slotsFrom(context: OperationContext, kind: Kind) {
  const now = new Date(context.world.now).getTime();
  const start = context.query.start_date;
  const first = start ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(start) ? `${start}T00:00:00Z` : start) : now;
  if (Number.isNaN(first))
    throw new HttpError(422, 'invalid_request', 'start_date must be a date (YYYY-MM-DD)', [
      { location: ['request', 'query', 'start_date'], code: 'format', message: 'start_date must be a date' },
    ]);
  const day0 = Math.floor(first / DAY_MS) * DAY_MS;
  const days = windowDaysOf(context, kind);
  const slots = [];
  for (let d = 0; d < days; d++) {
    const day = day0 + d * DAY_MS;
    for (const [from, to] of kind === 'phlebotomy' ? PHLEBOTOMY_SLOTS : PSC_SLOTS) {
      const begin = day + from * 3_600_000;
      if (begin <= now) continue;
      const startAt = new Date(begin).toISOString();
      slots.push({
        date: startAt.slice(0, 10),
        start: startAt,
        end: new Date(day + to * 3_600_000).toISOString(),
        booking_key: bookingKey(startAt, (to - from) * 3600),
      });
    }
  }
  return slots;
}

const bookingKey = (start: string, seconds: number) =>
  `bk_${Buffer.from(`${start}|${seconds}`).toString('base64url')}`;

/** The slot a booking names with `booking_key` (as availability gives it), else the first slot a day ahead. */
function slotOf(context: OperationContext, kind: Kind): { start: string; end: string } {
  const body = (context.body ?? {}) as Record<string, unknown>;
  if (typeof body.booking_key === 'string') {
    const [start, seconds] = Buffer.from(body.booking_key.replace(/^bk_/, ''), 'base64url')
      .toString('utf8')
      .split('|');
    const begin = Date.parse(start ?? '');
    if (!body.booking_key.startsWith('bk_') || Number.isNaN(begin) || !Number(seconds))
      throw new HttpError(422, 'invalid_request', 'booking_key is not one this sandbox gave in availability');
    if (begin <= new Date(context.world.now).getTime())
      throw new HttpError(
        409,
        'slot_unavailable',
        'This slot has already begun; pick another from availability.',
      );
    return {
      start: new Date(begin).toISOString(),
      end: new Date(begin + Number(seconds) * 1000).toISOString(),
    };
  }
  const tomorrow = new Date(context.world.now).getTime() + DAY_MS;
  const slot = slotsFrom({ ...context, query: {} }, kind).find((s) => Date.parse(s.start) >= tomorrow);
  if (!slot) throw new HttpError(409, 'slot_unavailable', 'No slot is available.');
  return slot;
}

export const getPhlebotomyAppointmentAvailability: OperationHandler = (context) => {
  orderById(context, context.path.order_id);
  return { status: 200, body: { timezone: 'UTC', slots: slotsFrom(context, 'phlebotomy') } };
};

export const requestPhlebotomyAppointment: OperationHandler = (context) => {
  const order = orderById(context, context.path.order_id);
  refuseDrawOnTestKit(order);
  if (activeAppointment(context, order, 'phlebotomy'))
    throw new HttpError(
      409,
      'appointment_exists',
      'This order already has an appointment; book or reschedule it.',
    );
  const body = context.body as {
    address: Record<string, unknown>;
    provider: string;
    appointment_notes?: string | null;
  };
  moveOrder(context, order, 'APPOINTMENT_REQUESTED');
  const appointment = newAppointment(context, order, 'phlebotomy', {
    address: body.address,
    provider: body.provider,
    appointment_notes: body.appointment_notes ?? null,
  });
  return { status: 200, body: appointmentRecord(appointment) };
};

/** Notes of a booking or reschedule: the new ones when given, else the ones already on the appointment. */
function notesOf(context: OperationContext, appointment: SandboxAppointment) {
  const body = (context.body ?? {}) as { appointment_notes?: string | null };
  return body.appointment_notes !== undefined ? body.appointment_notes : appointment.appointment_notes;
}

/** The access notes of the address, carried on every booking and reschedule so the phlebotomist sees them. */
const accessNotes = (appointment: SandboxAppointment) =>
  typeof appointment.address.access_notes === 'string'
    ? { access_notes: appointment.address.access_notes }
    : {};

export const bookPhlebotomyAppointment: OperationHandler = (context) => {
  const order = orderById(context, context.path.order_id);
  refuseDrawOnTestKit(order);
  // Everything that can refuse runs before anything changes.
  const slot = slotOf(context, 'phlebotomy');
  next('order', order.state, 'APPOINTMENT_BOOKED');
  const active = activeAppointment(context, order, 'phlebotomy');
  if (active) next('phlebotomyAppointment', active.state, 'BOOK');
  const appointment = active ?? newAppointment(context, order, 'phlebotomy', {});
  const notes = notesOf(context, appointment);
  moveAppointment(appointment, 'BOOK', context.world.now, {
    ...accessNotes(appointment),
    appointment_notes: notes,
  });
  Object.assign(appointment, { start_at: slot.start, end_at: slot.end, appointment_notes: notes });
  moveOrder(context, order, 'APPOINTMENT_BOOKED');
  scheduleVisit(context, appointment);
  return { status: 200, body: appointmentRecord(appointment) };
};

export const reschedulePhlebotomyAppointment: OperationHandler = (context) => {
  const order = orderById(context, context.path.order_id);
  const appointment = activeAppointment(context, order, 'phlebotomy');
  if (!appointment) throw notFound(`an active appointment of order ${order.id}`);
  const slot = slotOf(context, 'phlebotomy');
  next('phlebotomyAppointment', appointment.state, 'RESCHEDULE'); // refuses before anything changes
  next('order', order.state, 'APPOINTMENT_RESCHEDULED');
  const notes = notesOf(context, appointment);
  moveAppointment(appointment, 'RESCHEDULE', context.world.now, {
    ...accessNotes(appointment),
    appointment_notes: notes,
  });
  Object.assign(appointment, { start_at: slot.start, end_at: slot.end, appointment_notes: notes });
  unschedule(context, appointment.id);
  scheduleVisit(context, appointment);
  moveOrder(context, order, 'APPOINTMENT_RESCHEDULED');
  return { status: 200, body: appointmentRecord(appointment) };
};

export const getPscAppointmentAvailability: OperationHandler = (context) => {
  orderById(context, context.path.order_id);
  return {
    status: 200,
    body: { timezone: 'UTC', location: PSC_LOCATION, slots: slotsFrom(context, 'patient_service_center') },
  };
};

export const bookPscAppointment: OperationHandler = (context) => {
  const order = orderById(context, context.path.order_id);
  refuseDrawOnTestKit(order);
  if (activeAppointment(context, order, 'patient_service_center'))
    throw new HttpError(409, 'appointment_exists', 'This order already has a service center appointment.');
  const slot = slotOf(context, 'patient_service_center');
  moveOrder(context, order, 'APPOINTMENT_BOOKED');
  const appointment = newAppointment(context, order, 'patient_service_center', {
    state: 'reserved',
    address: PSC_LOCATION,
    provider: 'sandbox_psc',
    start_at: slot.start,
    end_at: slot.end,
  });
  // Confirmation is asynchronous: the booking answers `reserved`, the clock confirms it later.
  context.schedule({ at: PSC_CONFIRMATION_SECONDS, kind: 'psc', id: appointment.id, event: 'CONFIRM' });
  return { status: 200, body: appointmentRecord(appointment) };
};

export const getPscAppointment: OperationHandler = (context) => {
  const order = orderById(context, context.path.order_id);
  const appointment = order.psc_appointment_id
    ? context.world.appointments[order.psc_appointment_id]
    : undefined;
  if (!appointment) throw notFound(`a service center appointment of order ${order.id}`);
  return { status: 200, body: appointmentRecord(appointment) };
};
