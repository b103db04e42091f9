import type { OperationContext, OperationHandler, WorldRuntime } from '../internal/context.js';
import { HttpError, notFound } from '../internal/http-error.js';
import { nextUuid } from '../internal/world.js';
import { isFinal, metaOf, next } from '../machines/lifecycles.js';
import { TEST_KIT_SCENARIOS } from '../scenarios.js';
import type { SandboxAppointment, SandboxOrder } from '../world-state.js';
import { moveOrder, onOrderTimer, orderById, orderRecord } from './orders.js';

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
/** Seconds between a PSC booking and its confirmation on the sandbox clock. */
export const PSC_CONFIRMATION_SECONDS = 60;

type Kind = SandboxAppointment['kind'];
const lifecycleOf = (kind: Kind) => (kind === 'phlebotomy' ? 'phlebotomyAppointment' : 'pscAppointment');

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

function moveAppointment(
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
function unschedule(runtime: WorldRuntime, id: string) {
  runtime.world.timers = runtime.world.timers.filter((t) => t.id !== id);
}

function scheduleVisit(runtime: WorldRuntime, appointment: SandboxAppointment) {
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

function activeAppointment(context: OperationContext, order: SandboxOrder, kind: Kind) {
  const id = kind === 'phlebotomy' ? order.appointment_id : order.psc_appointment_id;
  const appointment = id ? context.world.appointments[id] : undefined;
  return appointment && !isFinal(lifecycleOf(kind), appointment.state) ? appointment : undefined;
}

function newAppointment(
  context: OperationContext,
  order: SandboxOrder,
  kind: Kind,
  fields: Partial<SandboxAppointment>,
) {
  const appointment: SandboxAppointment = {
    id: nextUuid(context.world, 'appointment'),
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
    created_at: context.world.now,
    status: metaOf(lifecycleOf(kind), appointment.state).eventStatus as string,
  });
  context.world.appointments[appointment.id] = appointment;
  if (kind === 'phlebotomy') order.appointment_id = appointment.id;
  else order.psc_appointment_id = appointment.id;
  return appointment;
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

/** Cancels the order's active appointment (phlebotomy or service center); the order waits for a new one. */
export function cancelAppointment(runtime: WorldRuntime, orderId: string) {
  const order = orderById(runtime, orderId);
  const id = [order.appointment_id, order.psc_appointment_id].find(
    (candidate) => candidate && !isFinalAppointment(runtime.world.appointments[candidate]),
  );
  const appointment = id ? runtime.world.appointments[id] : undefined;
  if (!appointment) throw notFound(`an active appointment of order ${order.id}`);
  next('order', order.state, 'APPOINTMENT_CANCELLED'); // refuses before anything changes
  moveAppointment(appointment, 'CANCEL', runtime.world.now);
  unschedule(runtime, appointment.id);
  moveOrder(runtime, order, 'APPOINTMENT_CANCELLED');
  return appointmentRecord(appointment);
}

/** Cancels an order, and its active appointment with it. */
export function cancelOrder(runtime: WorldRuntime, orderId: string) {
  const order = orderById(runtime, orderId);
  next('order', order.state, 'CANCEL'); // refuses before anything changes
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
