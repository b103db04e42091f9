import { setup } from 'xstate';

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
      meta: { status: 'pending', eventStatus: 'pending' },
      on: {
        BOOK: { target: 'confirmed', description: 'POST …/phlebotomy/appointment/book' },
        CANCEL: {
          target: 'cancelled',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel (or the order is cancelled)',
        },
      },
    },
    confirmed: {
      meta: { status: 'confirmed', eventStatus: 'scheduled' },
      on: {
        RESCHEDULE: {
          target: 'confirmed',
          reenter: true,
          description: 'PATCH …/phlebotomy/appointment/reschedule',
        },
        CANCEL: {
          target: 'cancelled',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel (or the order is cancelled)',
        },
        START: { target: 'in_progress', description: 'clock: the slot starts' },
      },
    },
    in_progress: {
      meta: { status: 'in_progress', eventStatus: 'in_progress' },
      on: { COMPLETE: { target: 'completed', description: 'clock: the slot ends' } },
    },
    completed: { meta: { status: 'completed', eventStatus: 'completed' }, type: 'final' },
    cancelled: { meta: { status: 'cancelled', eventStatus: 'cancelled' }, type: 'final' },
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
      meta: { status: 'reserved', eventStatus: 'reserved' },
      on: {
        CONFIRM: { target: 'confirmed', description: 'clock: 60 seconds after booking' },
        CANCEL: {
          target: 'cancelled',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel (or the order is cancelled)',
        },
      },
    },
    confirmed: {
      meta: { status: 'confirmed', eventStatus: 'scheduled' },
      on: {
        START: { target: 'in_progress', description: 'clock: the slot starts' },
        CANCEL: {
          target: 'cancelled',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel (or the order is cancelled)',
        },
      },
    },
    in_progress: {
      meta: { status: 'in_progress', eventStatus: 'in_progress' },
      on: { COMPLETE: { target: 'completed', description: 'clock: the slot ends' } },
    },
    completed: { meta: { status: 'completed', eventStatus: 'completed' }, type: 'final' },
    cancelled: { meta: { status: 'cancelled', eventStatus: 'cancelled' }, type: 'final' },
  },
});
