import { setup } from 'xstate';
import { again, final, to } from './machine-config.js';
import { confirmedWire, appointmentWire as wire } from './wire-values.js';

/** Cancelled from the sandbox's controls, or with its order: any appointment not yet under way. */
const CANCEL = to(
  'cancelled',
  'POST /_sandbox/orders/{order_id}/appointment/cancel (or the order is cancelled)',
);
const START = to('in_progress', 'clock: the slot starts');

/**
 * The states of either kind of appointment once booked: confirmed (`scheduled` in events), then the
 * visit on the clock, or cancelled. `confirmedOn` is what a confirmed appointment of that kind allows.
 */
const afterBooking = <On>(confirmedOn: On) => ({
  confirmed: { meta: confirmedWire('confirmed', 'scheduled'), on: confirmedOn },
  in_progress: { meta: wire('in_progress'), on: { COMPLETE: to('completed', 'clock: the slot ends') } },
  completed: final(wire('completed')),
  cancelled: final(wire('cancelled')),
});

/**
 * The lifecycle of an at-home phlebotomy appointment. Each state carries the wire `status` and
 * `event_status` of the appointment record.
 */
export const phlebotomyAppointmentMachine = setup({
  types: {
    events: {} as
      | { type: 'BOOK' }
      | { type: 'RESCHEDULE' }
      | { type: 'CANCEL' }
      | { type: 'START' }
      | { type: 'COMPLETE' },
  },
}).createMachine({
  id: 'phlebotomyAppointment',
  initial: 'pending',
  states: {
    pending: {
      meta: wire('pending'),
      on: { BOOK: to('confirmed', 'POST …/phlebotomy/appointment/book'), CANCEL },
    },
    ...afterBooking({
      RESCHEDULE: again('confirmed', 'PATCH …/phlebotomy/appointment/reschedule'),
      CANCEL,
      START,
    }),
  },
});

/**
 * The lifecycle of a patient service center appointment: a booking is reserved at once and
 * confirmed asynchronously, a little later on the sandbox clock.
 */
export const pscAppointmentMachine = setup({
  types: {
    events: {} as { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'START' } | { type: 'COMPLETE' },
  },
}).createMachine({
  id: 'pscAppointment',
  initial: 'reserved',
  states: {
    reserved: {
      meta: wire('reserved'),
      on: { CONFIRM: to('confirmed', 'clock: 60 seconds after booking'), CANCEL },
    },
    ...afterBooking({ START, CANCEL }),
  },
});
