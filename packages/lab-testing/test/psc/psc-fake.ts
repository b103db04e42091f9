// A PSC booking service on loopback: idempotent booking, then an asynchronous confirmation that the
// appointment read reveals step by step (`statuses`, one per read; the last one repeats).
import { randomUUID } from 'node:crypto';
import { type LoopbackAnswer, loopbackForTest, type Received } from '@svc/test-kit';

export interface PscFakeOptions {
  /** Appointment status on each read, in order; the last one repeats. */
  statuses: string[];
  /** Hold every read this long (to abort or time out during a read). */
  readDelayMs?: number;
  /** Fail the first booking attempts with 503 after reading them. */
  failBookings?: number;
}

export async function pscFake({ statuses, readDelayMs = 0, failBookings = 0 }: PscFakeOptions) {
  const bookings = new Map<string, string>();
  const keys: (string | undefined)[] = [];
  let reads = 0;

  const route = async (request: Received): Promise<LoopbackAnswer> => {
    const match = /^\/v3\/order\/([^/]+)\/psc\/appointment(\/book)?$/.exec(request.path);
    if (!match) return { status: 404, body: { detail: 'not found' } };
    const orderId = match[1] as string;
    if (request.method === 'POST' && match[2]) {
      const key = request.headers['idempotency-key'] as string | undefined;
      keys.push(key);
      if (keys.length <= failBookings) return { status: 503, body: { detail: 'busy' } };
      if (key && !bookings.has(key)) bookings.set(key, randomUUID());
      return { status: 202, body: { id: key ? bookings.get(key) : undefined, status: 'reserved' } };
    }
    if (request.method === 'GET' && !match[2]) {
      if (readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
      const status = statuses[Math.min(reads++, statuses.length - 1)] ?? 'reserved';
      return {
        body: {
          id: [...bookings.values()][0] ?? randomUUID(),
          user_id: randomUUID(),
          order_id: orderId,
          address: { first_line: '500 Center Ave' },
          location: { lng: -89.64, lat: 39.79 },
          start_at: '2026-11-25T15:00:00+00:00',
          end_at: '2026-11-25T15:15:00+00:00',
          type: 'patient_service_center',
          provider: 'psc_provider_a',
          status,
          provider_id: 'PSC-1',
          can_reschedule: true,
          event_status: status === 'confirmed' ? 'scheduled' : status,
          events: [],
        },
      };
    }
    return { status: 405, body: { detail: 'method not allowed' } };
  };

  const server = await loopbackForTest(route);
  const gets = () => server.requests.filter((request) => request.method === 'GET');
  return { ...server, bookings, keys, reads: gets };
}
