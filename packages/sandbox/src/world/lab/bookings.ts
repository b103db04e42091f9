import { next } from '../../machines/lifecycles.js';
import { conflict, invalid, notFound } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { TEST_KIT_SCENARIOS } from '../state/scenarios.js';
import type { SandboxAppointment, SandboxOrder } from '../state/world-state.js';
import {
  activeAppointment,
  moveAppointment,
  newAppointment,
  scheduleVisit,
  unschedule,
} from './appointments.js';
import { moveOrder, orderById } from './orders.js';
import { PSC_LOCATION, slotToBook } from './slots.js';

// The steps that put an order's appointment into a slot: asked for, booked, moved, at home or at a
// service center. Each runs in the world's transaction.

/**
 * Refuses an appointment for an order whose scenario ships a test kit, while the kit is still on its
 * way: a blood draw does not fit that order, and accepting it would leave the clock a step (the kit
 * lost) the order could no longer take. Once the kit is reported lost, a draw is how the patient goes on.
 */
function refuseDrawOnTestKit(order: SandboxOrder): void {
  if (!TEST_KIT_SCENARIOS.has(order.scenario) || order.state !== 'ordered') return;
  throw invalid(
    'scenario_not_applicable',
    `Order ${order.id} follows the scenario ${order.scenario}: a test kit is on its way to the patient, so it takes no appointment until the kit is reported lost (a day after ordering). Create the order without that scenario to book a blood draw.`,
  );
}

/** What a booking or a reschedule asks for: a slot by its key (else the first a day ahead), and notes. */
export interface Booking {
  bookingKey: string | undefined;
  /** New notes; undefined keeps the appointment's. */
  notes?: string | null;
  /** Days of the availability window a booking without a key picks its slot from. */
  windowDays: () => number;
}

/** Seconds between a PSC booking and its confirmation on the sandbox clock. */
export const PSC_CONFIRMATION_SECONDS = 60;

/** The access notes of the address, carried on every booking and reschedule so the phlebotomist sees them. */
const accessNotes = (appointment: SandboxAppointment) =>
  typeof appointment.address.access_notes === 'string'
    ? { access_notes: appointment.address.access_notes }
    : {};

/** Moves an appointment to a slot with its notes (a booking or a reschedule), recording both. */
function placeVisit(
  runtime: WorldRuntime,
  appointment: SandboxAppointment,
  event: 'BOOK' | 'RESCHEDULE',
  slot: { start: string; end: string },
  booking: Booking,
) {
  const notes = booking.notes !== undefined ? booking.notes : appointment.appointment_notes;
  moveAppointment(appointment, event, runtime.world.now, {
    ...accessNotes(appointment),
    appointment_notes: notes,
  });
  Object.assign(appointment, { start_at: slot.start, end_at: slot.end, appointment_notes: notes });
}

/** A step on the order `orderId` names, run whole in the world's transaction. */
function onOrder<Input>(
  step: (runtime: WorldRuntime, order: SandboxOrder, input: Input) => SandboxAppointment,
) {
  return (runtime: WorldRuntime, orderId: string | undefined, input: Input): SandboxAppointment =>
    runtime.transact(() => step(runtime, orderById(runtime, orderId), input));
}

/** Asks for an at-home visit without a slot yet: the order waits for its booking. */
export const requestPhlebotomyVisit = onOrder(
  (runtime, order, fields: Pick<SandboxAppointment, 'address' | 'provider' | 'appointment_notes'>) => {
    refuseDrawOnTestKit(order);
    if (activeAppointment(runtime, order, 'phlebotomy'))
      throw conflict('appointment_exists', 'This order already has an appointment; book or reschedule it.');
    moveOrder(runtime, order, 'APPOINTMENT_REQUESTED');
    return newAppointment(runtime, order, 'phlebotomy', fields);
  },
);

/** Books the order's at-home visit (its requested appointment, or a new one) into a slot. */
export const bookPhlebotomyVisit = onOrder((runtime, order, booking: Booking) => {
  refuseDrawOnTestKit(order);
  const slot = slotToBook(runtime.world, 'phlebotomy', booking.bookingKey, booking.windowDays);
  // When both refuse, the order's refusal is the one answered.
  next('order', order.state, 'APPOINTMENT_BOOKED');
  const appointment =
    activeAppointment(runtime, order, 'phlebotomy') ?? newAppointment(runtime, order, 'phlebotomy', {});
  placeVisit(runtime, appointment, 'BOOK', slot, booking);
  moveOrder(runtime, order, 'APPOINTMENT_BOOKED');
  scheduleVisit(runtime, appointment);
  return appointment;
});

/** Moves the order's at-home visit to another slot; its pending steps follow. */
export const reschedulePhlebotomyVisit = onOrder((runtime, order, booking: Booking) => {
  const appointment = activeAppointment(runtime, order, 'phlebotomy');
  if (!appointment) throw notFound(`an active appointment of order ${order.id}`);
  const slot = slotToBook(runtime.world, 'phlebotomy', booking.bookingKey, booking.windowDays);
  placeVisit(runtime, appointment, 'RESCHEDULE', slot, booking);
  unschedule(runtime, appointment.id);
  scheduleVisit(runtime, appointment);
  // An order that may not be rescheduled refuses here, and the transaction undoes the rest.
  moveOrder(runtime, order, 'APPOINTMENT_RESCHEDULED');
  return appointment;
});

/** Books a service center visit: reserved at once, confirmed by the clock a little later. */
export const bookServiceCenterVisit = onOrder((runtime, order, booking: Booking) => {
  refuseDrawOnTestKit(order);
  if (activeAppointment(runtime, order, 'patient_service_center'))
    throw conflict('appointment_exists', 'This order already has a service center appointment.');
  const slot = slotToBook(runtime.world, 'patient_service_center', booking.bookingKey, booking.windowDays);
  moveOrder(runtime, order, 'APPOINTMENT_BOOKED');
  const appointment = newAppointment(runtime, order, 'patient_service_center', {
    state: 'reserved',
    address: PSC_LOCATION,
    provider: 'sandbox_psc',
    start_at: slot.start,
    end_at: slot.end,
  });
  runtime.schedule({ at: PSC_CONFIRMATION_SECONDS, kind: 'psc', id: appointment.id, event: 'CONFIRM' });
  return appointment;
});

/** The order's service center appointment, active or not. */
export function serviceCenterAppointmentOf(runtime: WorldRuntime, orderId: string | undefined) {
  const order = orderById(runtime, orderId);
  const appointment = order.psc_appointment_id
    ? runtime.world.appointments[order.psc_appointment_id]
    : undefined;
  if (!appointment) throw notFound(`a service center appointment of order ${order.id}`);
  return appointment;
}
