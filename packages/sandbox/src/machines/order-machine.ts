import { setup } from 'xstate';
import { again, final, to } from './machine-config.js';
import { lowLevelWire, orderWire } from './wire-values.js';

const REQUEST_APPOINTMENT = to(
  'appointment_pending',
  'POST /v3/order/{order_id}/phlebotomy/appointment/request',
);
const BOOK_APPOINTMENT = to(
  'appointment_scheduled',
  'POST …/phlebotomy/appointment/book or …/psc/appointment/book',
);
const CANCEL_APPOINTMENT = to('ordered', 'POST /_sandbox/orders/{order_id}/appointment/cancel');
const CANCEL = to('cancelled', 'POST /_sandbox/orders/{order_id}/cancel');

/** A kit or sample lost on its way: the patient books a new draw, or the order is cancelled. */
const problemInTransit = <W extends 'lab' | 'customer'>(where: W) => ({
  meta: lowLevelWire(`collecting_sample.testkit.problem_in_transit_${where}`, `problem_in_transit_${where}`),
  on: { APPOINTMENT_REQUESTED: REQUEST_APPOINTMENT, APPOINTMENT_BOOKED: BOOK_APPOINTMENT, CANCEL },
});

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
      meta: orderWire('received.at_home_phlebotomy.ordered'),
      on: {
        APPOINTMENT_REQUESTED: REQUEST_APPOINTMENT,
        APPOINTMENT_BOOKED: BOOK_APPOINTMENT,
        KIT_LOST: to(
          'problem_in_transit_customer',
          'clock: 1 day after ordering (scenario kit_lost_to_customer)',
        ),
        CANCEL,
      },
    },
    appointment_pending: {
      meta: orderWire('collecting_sample.at_home_phlebotomy.appointment_pending'),
      on: { APPOINTMENT_BOOKED: BOOK_APPOINTMENT, APPOINTMENT_CANCELLED: CANCEL_APPOINTMENT, CANCEL },
    },
    appointment_scheduled: {
      meta: orderWire('collecting_sample.at_home_phlebotomy.appointment_scheduled'),
      on: {
        APPOINTMENT_RESCHEDULED: again('appointment_scheduled', 'PATCH …/phlebotomy/appointment/reschedule'),
        APPOINTMENT_CANCELLED: CANCEL_APPOINTMENT,
        SAMPLE_DRAWN: to('draw_completed', 'clock: the appointment ends'),
        CANCEL,
      },
    },
    draw_completed: {
      meta: orderWire('collecting_sample.at_home_phlebotomy.draw_completed'),
      on: { SAMPLE_SHIPPED: to('transit_lab', 'clock: 1 hour after the draw') },
    },
    transit_lab: {
      meta: orderWire('collecting_sample.testkit.transit_lab'),
      on: {
        SAMPLE_DELIVERED: to('delivered_to_lab', 'clock: 1 day in transit (other scenarios)'),
        SAMPLE_LOST: to(
          'problem_in_transit_lab',
          'clock: 1 day in transit (scenario sample_lost_in_transit)',
        ),
      },
    },
    problem_in_transit_lab: problemInTransit('lab'),
    problem_in_transit_customer: problemInTransit('customer'),
    delivered_to_lab: {
      meta: orderWire('sample_with_lab.at_home_phlebotomy.delivered_to_lab'),
      on: { RESULTS_READY: to('completed', 'clock: 1 day at the lab') },
    },
    completed: final(orderWire('completed.at_home_phlebotomy.completed')),
    cancelled: final(orderWire('cancelled.at_home_phlebotomy.cancelled')),
  },
});
