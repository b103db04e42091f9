import { HttpError, notFound } from '../../internal/http-error.js';
import { isFinal, metaOf, next } from '../../machines/lifecycles.js';
import { nextUuid } from '../state/new-world.js';
import type { WorldRuntime } from '../state/runtime.js';
import { TEST_KIT_SCENARIOS } from '../state/scenarios.js';
import type { SandboxAppointment, SandboxOrder } from '../state/world-state.js';
import { moveOrder, onOrderTimer, orderById, orderRecord } from './orders.js';
import { PSC_LOCATION, slotToBook } from './slots.js';

export type AppointmentKind = SandboxAppointment['kind'];
type Kind = AppointmentKind;
const lifecycleOf = (kind: Kind) => (kind === 'phlebotomy' ? 'phlebotomyAppointment' : 'pscAppointment');

export function appointmentRecord(appointment: SandboxAppointment) {
  const meta = metaOf(lifecycleOf(appointment.kind), appointment.state);
  return {
    id: appointment.id,
    user_id: appointment.user_id,
    order_id: appointment.order_id,
    address: appointment.address,
    location: appointment.kind === 'phlebotomy' ? { lng: -89.65, lat: 39.78 } : { lng: -89.64, lat: 39.79 },
    start_at: appointment.start_at,
    end_at: appointment.end_at,
    type: appointment.kind,
    provider: appointment.provider,
    status: meta.status,
    provider_id: appointment.id.slice(0, 8),
    can_reschedule: appointment.state === 'confirmed' || appointment.state === 'pending',
    event_status: meta.eventStatus,
    events: appointment.events,
    iana_timezone: 'UTC',
    appointment_notes: appointment.appointment_notes,
  };
}

export function moveAppointment(
  appointment: SandboxAppointment,
  event: string,
  now: string,
  data?: Record<string, unknown>,
) {
  appointment.state = next(lifecycleOf(appointment.kind), appointment.state, event);
  const meta = metaOf(lifecycleOf(appointment.kind), appointment.state);
  appointment.events.push({ created_at: now, status: meta.eventStatus as string, ...(data ? { data } : {}) });
}

/** Drops the clock's pending steps of an appointment (after a reschedule or a cancel). */
export function unschedule(runtime: WorldRuntime, id: string) {
  runtime.world.timers = runtime.world.timers.filter((t) => t.id !== id);
}

export function scheduleVisit(runtime: WorldRuntime, appointment: SandboxAppointment) {
  const kind = appointment.kind === 'phlebotomy' ? 'phlebotomy' : 'psc';
  runtime.schedule({ at: appointment.start_at as string, kind, id: appointment.id, event: 'START' });
  runtime.schedule({ at: appointment.end_at as string, kind, id: appointment.id, event: 'COMPLETE' });
}

/** What the clock does to an appointment: confirmation (PSC), then the visit, then the drawn sample. */
export function onAppointmentTimer(runtime: WorldRuntime, appointment: SandboxAppointment, event: string) {
  moveAppointment(appointment, event, runtime.world.now);
  if (event === 'CONFIRM') scheduleVisit(runtime, appointment);
  if (event === 'COMPLETE') {
    const order = runtime.world.orders[appointment.order_id];
    if (order) onOrderTimer(runtime, order, 'SAMPLE_DRAWN');
  }
}

export function activeAppointment(runtime: WorldRuntime, order: SandboxOrder, kind: Kind) {
  const id = kind === 'phlebotomy' ? order.appointment_id : order.psc_appointment_id;
  const appointment = id ? runtime.world.appointments[id] : undefined;
  return appointment && !isFinal(lifecycleOf(kind), appointment.state) ? appointment : undefined;
}

export function newAppointment(
  runtime: WorldRuntime,
  order: SandboxOrder,
  kind: Kind,
  fields: Partial<SandboxAppointment>,
) {
  const appointment: SandboxAppointment = {
    id: nextUuid(runtime.world, 'appointment'),
    kind,
    state: 'pending',
    user_id: order.user_id,
    order_id: order.id,
    address: (order.request.patient_address as Record<string, unknown> | undefined) ?? {},
    provider: 'sandbox_phlebotomy',
    start_at: null,
    end_at: null,
    appointment_notes: null,
    events: [],
    ...fields,
  };
  appointment.events.push({
    created_at: runtime.world.now,
    status: metaOf(lifecycleOf(kind), appointment.state).eventStatus as string,
  });
  runtime.world.appointments[appointment.id] = appointment;
  if (kind === 'phlebotomy') order.appointment_id = appointment.id;
  else order.psc_appointment_id = appointment.id;
  return appointment;
}

/** Cancels the order's active appointment (phlebotomy or service center); the order waits for a new one. */
export function cancelAppointment(runtime: WorldRuntime, orderId: string) {
  return runtime.transact(() => cancelActiveAppointment(runtime, orderId));
}

function cancelActiveAppointment(runtime: WorldRuntime, orderId: string) {
  const order = orderById(runtime, orderId);
  const id = [order.appointment_id, order.psc_appointment_id].find(
    (candidate) => candidate && !isFinalAppointment(runtime.world.appointments[candidate]),
  );
  const appointment = id ? runtime.world.appointments[id] : undefined;
  if (!appointment) throw notFound(`an active appointment of order ${order.id}`);
  next('order', order.state, 'APPOINTMENT_CANCELLED'); // when both refuse, the order's refusal is answered
  moveAppointment(appointment, 'CANCEL', runtime.world.now);
  unschedule(runtime, appointment.id);
  moveOrder(runtime, order, 'APPOINTMENT_CANCELLED');
  return appointmentRecord(appointment);
}

/** Cancels an order, and its active appointment with it. */
export function cancelOrder(runtime: WorldRuntime, orderId: string) {
  return runtime.transact(() => cancelOrderAndVisit(runtime, orderId));
}

function cancelOrderAndVisit(runtime: WorldRuntime, orderId: string) {
  const order = orderById(runtime, orderId);
  next('order', order.state, 'CANCEL'); // when both refuse, the order's refusal is answered
  for (const id of [order.appointment_id, order.psc_appointment_id]) {
    const appointment = id ? runtime.world.appointments[id] : undefined;
    if (appointment && !isFinalAppointment(appointment)) {
      moveAppointment(appointment, 'CANCEL', runtime.world.now);
      unschedule(runtime, appointment.id);
    }
  }
  unschedule(runtime, order.id);
  moveOrder(runtime, order, 'CANCEL');
  return orderRecord(runtime, order);
}

const isFinalAppointment = (appointment: SandboxAppointment | undefined) =>
  !appointment || isFinal(lifecycleOf(appointment.kind), appointment.state);

/**
 * Refuses an appointment for an order whose scenario ships a test kit, while the kit is still on its
 * way: a blood draw does not fit that order, and accepting it would leave the clock a step (the kit
 * lost) the order could no longer take. Once the kit is reported lost, a draw is how the patient goes on.
 */
function refuseDrawOnTestKit(order: SandboxOrder): void {
  if (!TEST_KIT_SCENARIOS.has(order.scenario) || order.state !== 'ordered') return;
  throw new HttpError(
    422,
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

/** Asks for an at-home visit without a slot yet: the order waits for its booking. */
export function requestPhlebotomyVisit(
  runtime: WorldRuntime,
  orderId: string | undefined,
  fields: Pick<SandboxAppointment, 'address' | 'provider' | 'appointment_notes'>,
): SandboxAppointment {
  return runtime.transact(() => {
    const order = orderById(runtime, orderId);
    refuseDrawOnTestKit(order);
    if (activeAppointment(runtime, order, 'phlebotomy'))
      throw new HttpError(
        409,
        'appointment_exists',
        'This order already has an appointment; book or reschedule it.',
      );
    moveOrder(runtime, order, 'APPOINTMENT_REQUESTED');
    return newAppointment(runtime, order, 'phlebotomy', fields);
  });
}

/** Books the order's at-home visit (its requested appointment, or a new one) into a slot. */
export function bookPhlebotomyVisit(
  runtime: WorldRuntime,
  orderId: string | undefined,
  booking: Booking,
): SandboxAppointment {
  return runtime.transact(() => {
    const order = orderById(runtime, orderId);
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
}

/** Moves the order's at-home visit to another slot; its pending steps follow. */
export function reschedulePhlebotomyVisit(
  runtime: WorldRuntime,
  orderId: string | undefined,
  booking: Booking,
): SandboxAppointment {
  return runtime.transact(() => {
    const order = orderById(runtime, orderId);
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
}

/** Books a service center visit: reserved at once, confirmed by the clock a little later. */
export function bookServiceCenterVisit(
  runtime: WorldRuntime,
  orderId: string | undefined,
  booking: Booking,
): SandboxAppointment {
  return runtime.transact(() => {
    const order = orderById(runtime, orderId);
    refuseDrawOnTestKit(order);
    if (activeAppointment(runtime, order, 'patient_service_center'))
      throw new HttpError(409, 'appointment_exists', 'This order already has a service center appointment.');
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
}

/** The order's service center appointment, active or not. */
export function serviceCenterAppointmentOf(runtime: WorldRuntime, orderId: string | undefined) {
  const order = orderById(runtime, orderId);
  const appointment = order.psc_appointment_id
    ? runtime.world.appointments[order.psc_appointment_id]
    : undefined;
  if (!appointment) throw notFound(`a service center appointment of order ${order.id}`);
  return appointment;
}

/** Every appointment of the world as the API records it, oldest first (the API itself has no such read). */
export const listAppointments = (runtime: WorldRuntime) =>
  Object.values(runtime.world.appointments).map(appointmentRecord);

export function getAppointment(runtime: WorldRuntime, id: string) {
  const appointment = runtime.world.appointments[id];
  if (!appointment) throw notFound(`appointment ${id}`);
  return appointmentRecord(appointment);
}
