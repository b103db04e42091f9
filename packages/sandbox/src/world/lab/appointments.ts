import { isFinalState, metaOf, next } from '../../machines/lifecycles.js';
import { nextUuid } from '../state/new-world.js';
import { notFound } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import type { SandboxAppointment, SandboxOrder } from '../state/world-state.js';
import { moveOrder, onOrderTimer, orderById, orderRecord } from './orders.js';

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
  return appointment && !isFinalState(lifecycleOf(kind), appointment.state) ? appointment : undefined;
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
  !appointment || isFinalState(lifecycleOf(appointment.kind), appointment.state);

/** Every appointment of the world as the API records it, oldest first (the API itself has no such read). */
export const listAppointments = (runtime: WorldRuntime) =>
  Object.values(runtime.world.appointments).map(appointmentRecord);

export function getAppointment(runtime: WorldRuntime, id: string) {
  const appointment = runtime.world.appointments[id];
  if (!appointment) throw notFound(`appointment ${id}`);
  return appointmentRecord(appointment);
}
