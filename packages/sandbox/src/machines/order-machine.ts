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
        APPOINTMENT_REQUESTED: {
          target: 'appointment_pending',
          description: 'POST /v3/order/{order_id}/phlebotomy/appointment/request',
        },
        APPOINTMENT_BOOKED: {
          target: 'appointment_scheduled',
          description: 'POST …/phlebotomy/appointment/book or …/psc/appointment/book',
        },
        KIT_LOST: {
          target: 'problem_in_transit_customer',
          description: 'clock: 1 day after ordering (scenario kit_lost_to_customer)',
        },
        CANCEL: { target: 'cancelled', description: 'POST /_sandbox/orders/{order_id}/cancel' },
      },
    },
    appointment_pending: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.appointment_pending' },
      on: {
        APPOINTMENT_BOOKED: {
          target: 'appointment_scheduled',
          description: 'POST …/phlebotomy/appointment/book or …/psc/appointment/book',
        },
        APPOINTMENT_CANCELLED: {
          target: 'ordered',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel',
        },
        CANCEL: { target: 'cancelled', description: 'POST /_sandbox/orders/{order_id}/cancel' },
      },
    },
    appointment_scheduled: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.appointment_scheduled' },
      on: {
        APPOINTMENT_RESCHEDULED: {
          target: 'appointment_scheduled',
          reenter: true,
          description: 'PATCH …/phlebotomy/appointment/reschedule',
        },
        APPOINTMENT_CANCELLED: {
          target: 'ordered',
          description: 'POST /_sandbox/orders/{order_id}/appointment/cancel',
        },
        SAMPLE_DRAWN: { target: 'draw_completed', description: 'clock: the appointment ends' },
        CANCEL: { target: 'cancelled', description: 'POST /_sandbox/orders/{order_id}/cancel' },
      },
    },
    draw_completed: {
      meta: { status: 'collecting_sample.at_home_phlebotomy.draw_completed' },
      on: { SAMPLE_SHIPPED: { target: 'transit_lab', description: 'clock: 1 hour after the draw' } },
    },
    transit_lab: {
      meta: { status: 'collecting_sample.testkit.transit_lab' },
      on: {
        SAMPLE_DELIVERED: {
          target: 'delivered_to_lab',
          description: 'clock: 1 day in transit (other scenarios)',
        },
        SAMPLE_LOST: {
          target: 'problem_in_transit_lab',
          description: 'clock: 1 day in transit (scenario sample_lost_in_transit)',
        },
      },
    },
    problem_in_transit_lab: {
      meta: {
        status: 'collecting_sample.testkit.problem_in_transit_lab',
        lowLevelStatus: 'problem_in_transit_lab',
      },
      on: {
        APPOINTMENT_REQUESTED: {
          target: 'appointment_pending',
          description: 'POST /v3/order/{order_id}/phlebotomy/appointment/request',
        },
        APPOINTMENT_BOOKED: {
          target: 'appointment_scheduled',
          description: 'POST …/phlebotomy/appointment/book or …/psc/appointment/book',
        },
        CANCEL: { target: 'cancelled', description: 'POST /_sandbox/orders/{order_id}/cancel' },
      },
    },
    problem_in_transit_customer: {
      meta: {
        status: 'collecting_sample.testkit.problem_in_transit_customer',
        lowLevelStatus: 'problem_in_transit_customer',
      },
      on: {
        APPOINTMENT_REQUESTED: {
          target: 'appointment_pending',
          description: 'POST /v3/order/{order_id}/phlebotomy/appointment/request',
        },
        APPOINTMENT_BOOKED: {
          target: 'appointment_scheduled',
          description: 'POST …/phlebotomy/appointment/book or …/psc/appointment/book',
        },
        CANCEL: { target: 'cancelled', description: 'POST /_sandbox/orders/{order_id}/cancel' },
      },
    },
    delivered_to_lab: {
      meta: { status: 'sample_with_lab.at_home_phlebotomy.delivered_to_lab' },
      on: { RESULTS_READY: { target: 'completed', description: 'clock: 1 day at the lab' } },
    },
    completed: { meta: { status: 'completed.at_home_phlebotomy.completed' }, type: 'final' },
    cancelled: { meta: { status: 'cancelled.at_home_phlebotomy.cancelled' }, type: 'final' },
  },
});
