import { setup } from 'xstate';

/**
 * The lifecycle of a lab test order. Each state carries the wire `status` of the order event it
 * produces (and the low-level status where the service has one). The clock drives the sample's
 * journey once it is drawn; the scenario decides whether it reaches the lab.
 */
export const orderMachine = setup({
  types: {
    events: {} as
      | { type: 'APPOINTMENT_REQUESTED' }
      | { type: 'APPOINTMENT_BOOKED' }
      | { type: 'APPOINTMENT_RESCHEDULED' }
      | { type: 'APPOINTMENT_CANCELLED' }
      | { type: 'SAMPLE_DRAWN' }
      | { type: 'SAMPLE_SHIPPED' }
      | { type: 'SAMPLE_LOST' }
      | { type: 'KIT_LOST' }
      | { type: 'SAMPLE_DELIVERED' }
      | { type: 'RESULTS_READY' }
      | { type: 'CANCEL' },
  },
}).createMachine({
  id: 'order',
  initial: 'ordered',
  states: {
    ordered: {
      meta: { status: 'received.at_home_phlebotomy.ordered' },
      on: {
        APPOINTMENT_REQUESTED: 'appointment_pending',
        APPOINTMENT_BOOKED: 'appointment_scheduled',
        KIT_LOST: 'problem_in_transit_customer',
        CANCEL: 'cancelled',
      },
    },
    appointment_pending: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.appointment_pending' },
      on: {
        APPOINTMENT_BOOKED: 'appointment_scheduled',
        APPOINTMENT_CANCELLED: 'ordered',
        CANCEL: 'cancelled',
      },
    },
    appointment_scheduled: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.appointment_scheduled' },
      on: {
        APPOINTMENT_RESCHEDULED: { target: 'appointment_scheduled', reenter: true },
        APPOINTMENT_CANCELLED: 'ordered',
        SAMPLE_DRAWN: 'draw_completed',
        CANCEL: 'cancelled',
      },
    },
    draw_completed: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.draw_completed' },
      on: { SAMPLE_SHIPPED: 'transit_lab' },
    },
    transit_lab: {
      meta: { status: 'collecting_sample.testkit.transit_lab' },
      on: { SAMPLE_DELIVERED: 'delivered_to_lab', SAMPLE_LOST: 'problem_in_transit_lab' },
    },
    problem_in_transit_lab: {
      meta: {
        status: 'collecting_sample.testkit.problem_in_transit_lab',
        lowLevelStatus: 'problem_in_transit_lab',
      },
      on: {
        APPOINTMENT_REQUESTED: 'appointment_pending',
        APPOINTMENT_BOOKED: 'appointment_scheduled',
        CANCEL: 'cancelled',
      },
    },
    problem_in_transit_customer: {
      meta: {
        status: 'collecting_sample.testkit.problem_in_transit_customer',
        lowLevelStatus: 'problem_in_transit_customer',
      },
      on: {
        APPOINTMENT_REQUESTED: 'appointment_pending',
        APPOINTMENT_BOOKED: 'appointment_scheduled',
        CANCEL: 'cancelled',
      },
    },
    delivered_to_lab: {
      meta: { status: 'sample_with_lab.at_home_phlebotomy.delivered_to_lab' },
      on: { RESULTS_READY: 'completed' },
    },
    completed: { meta: { status: 'completed.at_home_phlebotomy.completed' }, type: 'final' },
    cancelled: { meta: { status: 'cancelled.at_home_phlebotomy.cancelled' }, type: 'final' },
  },
});
