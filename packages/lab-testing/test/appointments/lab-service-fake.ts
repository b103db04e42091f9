// A small stateful lab service on loopback: orders, at-home phlebotomy appointments, and the order
// status changes they cause (what a `labtest.order.updated` event would carry). Prism keeps no state.
import { randomUUID } from 'node:crypto';
import { jsonOf, type LoopbackAnswer, loopbackForTest, type Received } from '@svc/test-kit';

type Json = Record<string, unknown>;

export async function labServiceFake() {
  const orders = new Map<string, Json & { events: Json[] }>();
  const appointments = new Map<string, Json>();
  /** What the service forwarded to the phlebotomy provider on each booking and reschedule. */
  const forwarded: { access_notes: unknown; appointment_notes: unknown }[] = [];

  const pushEvent = (
    order: Json & { events: Json[] },
    status: string,
    detail: unknown = null,
    lowLevel?: string,
  ) => {
    const event = { status, status_detail: detail, created_at: new Date().toISOString() };
    order.events.push(event);
    order.last_event = event;
    if (lowLevel) order.low_level_status = lowLevel;
  };

  const appointmentOf = (orderId: string, body: Json): Json => ({
    id: randomUUID(),
    user_id: randomUUID(),
    order_id: orderId,
    address: body.address ?? {},
    location: { lng: -89.65, lat: 39.78 },
    start_at: null,
    end_at: null,
    type: 'phlebotomy',
    provider: body.provider,
    status: 'pending',
    provider_id: 'PX-1',
    can_reschedule: true,
    event_status: 'pending',
    events: [],
    appointment_notes: body.appointment_notes ?? null,
  });

  const route = (request: Received): LoopbackAnswer => {
    const body = request.body.length > 0 ? jsonOf(request) : {};
    if (request.method === 'POST' && request.path === '/v3/order') {
      const id = randomUUID();
      const order = { id, ...body, events: [] as Json[] };
      pushEvent(order, 'received.at_home_phlebotomy.ordered');
      orders.set(id, order);
      return { status: 201, body: order };
    }
    const match = /^\/v3\/order\/([^/]+)\/phlebotomy\/appointment\/(request|book|reschedule)$/.exec(
      request.path,
    );
    const order = match ? orders.get(match[1] as string) : undefined;
    if (!match || !order) return { status: 404, body: { detail: 'not found' } };
    const orderId = match[1] as string;
    const access_notes = (order.patient_address as Json | undefined)?.access_notes;
    switch (match[2]) {
      case 'request': {
        const appointment = appointmentOf(orderId, body);
        appointments.set(orderId, appointment);
        pushEvent(order, 'collecting_sample.at_home_phlebotomy.appointment_pending');
        return { body: appointment };
      }
      case 'book': {
        const appointment = appointments.get(orderId);
        if (!appointment) return { status: 409, body: { detail: 'request an appointment first' } };
        Object.assign(appointment, {
          status: 'confirmed',
          event_status: 'scheduled',
          start_at: '2026-11-24T14:00:00+00:00',
        });
        if ('appointment_notes' in body) appointment.appointment_notes = body.appointment_notes;
        forwarded.push({ access_notes, appointment_notes: appointment.appointment_notes });
        pushEvent(order, 'collecting_sample.at_home_phlebotomy.appointment_scheduled');
        return {
          body: {
            id: appointment.id,
            status: appointment.status,
            appointment_notes: appointment.appointment_notes,
          },
        };
      }
      default: {
        const appointment = appointments.get(orderId);
        if (!appointment) return { status: 409, body: { detail: 'nothing to reschedule' } };
        Object.assign(appointment, { start_at: '2026-11-26T09:00:00+00:00' });
        if ('appointment_notes' in body) appointment.appointment_notes = body.appointment_notes;
        forwarded.push({ access_notes, appointment_notes: appointment.appointment_notes });
        return {
          body: {
            id: appointment.id,
            status: appointment.status,
            appointment_notes: appointment.appointment_notes,
          },
        };
      }
    }
  };

  const server = await loopbackForTest(route);
  return {
    ...server,
    forwarded,
    appointment: (orderId: string) => appointments.get(orderId),
    /** The service-side change: the sample ran into a problem on its way to the lab. */
    sampleDelayedToLab(orderId: string) {
      const order = orders.get(orderId);
      if (order)
        pushEvent(
          order,
          'collecting_sample.testkit.problem_in_transit_lab',
          { carrier: 'ups' },
          'problem_in_transit_lab',
        );
    },
    /** The payload an order status change event would carry: the order under `data`. */
    orderUpdatedEvent: (orderId: string) => ({ data: structuredClone(orders.get(orderId)) }),
  };
}
