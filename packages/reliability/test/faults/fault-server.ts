// A loopback server that answers with a configurable mix of faults: 503, 429 with Retry-After,
// connection resets, stalled headers, stalled bodies, resets after an order was created, and
// decompression bombs (issue 33). It keeps
// orders by Idempotency-Key, like the service: a repeated key replays the order it created first.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { listenOnLoopback } from '@svc/test-kit';

export const FAULTS = [
  'ok',
  'status503',
  'status429',
  'status429TooLong',
  'reset',
  'stallHeaders',
  'stallBody',
  'resetAfterCreate',
  'bomb',
] as const;
export type Fault = (typeof FAULTS)[number];
export type FaultMix = Record<Fault, number>;

/** About one attempt in three fails; an order is created before the answer is lost in four kinds. */
export const DEFAULT_MIX: FaultMix = {
  ok: 63,
  status503: 7,
  status429: 6,
  status429TooLong: 1,
  reset: 6,
  stallHeaders: 6,
  stallBody: 5,
  resetAfterCreate: 5,
  bomb: 1,
};

/**
 * The shape of issue 33's bomb in 705 bytes: `gzip, gzip` over 256 MiB of zeros, one gzip member per
 * MiB (gzip decoders join members), built in milliseconds. The client stops decoding at its limit.
 */
const BOMB = gzipSync(Buffer.concat(Array<Buffer>(256).fill(gzipSync(Buffer.alloc(2 ** 20), { level: 9 }))), {
  level: 9,
});

export interface OrderRecord {
  id: string;
  key: string;
  ref: string;
}

export interface FaultStats {
  requests: number;
  injected: Record<Fault, number>;
  /** Orders created, by the caller's reference (`clinical_notes`). */
  createdByRef: Map<string, OrderRecord[]>;
  /** Idempotency keys seen, by the caller's reference, over every attempt. */
  keysByRef: Map<string, Set<string>>;
  /** Attempts answered with an order created earlier for the same key. */
  replays: number;
  /** POST /v3/order attempts without an Idempotency-Key. */
  ordersWithoutKey: number;
}

export interface FaultServer {
  url: string;
  stats: FaultStats;
  close(): Promise<void>;
}

/** mulberry32: a small seeded PRNG, so a failing mix can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USER_ID = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';
/** No stall outlives this, even if a client never gives up (the client's timeout is far shorter). */
const STALL_CAP_MS = 30_000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startFaultServer(options: { seed: number; mix?: FaultMix }): Promise<FaultServer> {
  const mix = options.mix ?? DEFAULT_MIX;
  const total = FAULTS.reduce((sum, fault) => sum + mix[fault], 0);
  const next = random(options.seed);
  const pick = (): Fault => {
    let roll = next() * total;
    for (const fault of FAULTS) {
      roll -= mix[fault];
      if (roll < 0) return fault;
    }
    return 'ok';
  };
  const stats: FaultStats = {
    requests: 0,
    injected: Object.fromEntries(FAULTS.map((fault) => [fault, 0])) as Record<Fault, number>,
    createdByRef: new Map(),
    keysByRef: new Map(),
    replays: 0,
    ordersWithoutKey: 0,
  };
  const ordersByKey = new Map<string, OrderRecord>();
  const stalls = new Set<NodeJS.Timeout>();

  const json = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    response.end(text);
  };
  const stall = (response: ServerResponse) => {
    const timer = setTimeout(() => response.destroy(), STALL_CAP_MS);
    stalls.add(timer);
    response.on('close', () => {
      clearTimeout(timer);
      stalls.delete(timer);
    });
  };

  /** The fault happens before the request is processed: nothing is created. */
  const early = (fault: Fault, request: IncomingMessage, response: ServerResponse): boolean => {
    switch (fault) {
      case 'status503':
        json(response, 503, { detail: 'service unavailable' });
        return true;
      case 'status429': {
        const wait = next();
        // Seconds (0 or 1) or an HTTP date about a second ahead: the client waits exactly that long.
        const retryAfter = wait < 0.6 ? '0' : wait < 0.85 ? '1' : new Date(Date.now() + 1000).toUTCString();
        json(response, 429, { detail: 'slow down' }, { 'retry-after': retryAfter });
        return true;
      }
      case 'status429TooLong':
        // Longer than the client waits (60 s): it fails at once with RateLimitError.
        json(response, 429, { detail: 'come back later' }, { 'retry-after': '120' });
        return true;
      case 'reset':
        request.socket.resetAndDestroy();
        return true;
      default:
        return false;
    }
  };

  /** Faults that happen after processing: the answer (maybe an order just created) is lost or stalls. */
  const answer = (fault: Fault, request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const text = JSON.stringify(body);
    switch (fault) {
      case 'stallHeaders':
        stall(response);
        return;
      case 'stallBody':
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        response.write(text.slice(0, Math.max(1, text.length >> 1)));
        stall(response);
        return;
      case 'resetAfterCreate':
        request.socket.resetAndDestroy();
        return;
      case 'bomb':
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip, gzip',
          'content-length': BOMB.length,
        });
        response.end(BOMB);
        return;
      default:
        json(response, 200, body);
    }
  };

  const server = createServer(async (request, response) => {
    stats.requests++;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const fault = request.headers['x-fault'] === 'off' ? 'ok' : pick();
    stats.injected[fault]++;
    if (request.method === 'POST' && url.pathname === '/v3/order') {
      const text = await readBody(request);
      const ref = String((JSON.parse(text || '{}') as { clinical_notes?: unknown }).clinical_notes);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') {
        stats.ordersWithoutKey++;
        json(response, 400, { detail: 'Idempotency-Key required' });
        return;
      }
      const keys = stats.keysByRef.get(ref) ?? new Set<string>();
      keys.add(key);
      stats.keysByRef.set(ref, keys);
      if (early(fault, request, response)) return;
      let order = ordersByKey.get(key);
      if (order) stats.replays++;
      else {
        order = { id: randomUUID(), key, ref };
        ordersByKey.set(key, order);
        stats.createdByRef.set(ref, [...(stats.createdByRef.get(ref) ?? []), order]);
      }
      answer(fault, request, response, {
        id: order.id,
        clinical_notes: ref,
        last_event: { status: 'received.ordered' },
      });
      return;
    }
    if (early(fault, request, response)) return;
    const resolve = /^\/v2\/user\/resolve\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && resolve) {
      const clientUserId = decodeURIComponent(resolve[1] as string);
      answer(fault, request, response, {
        user_id: USER_ID,
        client_user_id: clientUserId,
        connected_sources: [],
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v3/lab_tests/markers') {
      const markers = Array.from({ length: 20 }, (_, i) => ({
        id: i,
        name: `Marker ${i}`,
        slug: `marker-${i}`,
      }));
      answer(fault, request, response, { markers, total: 20, page: 1, size: 20 });
      return;
    }
    json(response, 404, { detail: 'not found' });
  });
  // A connection reset by the server may surface here as a request error: expected under faults.
  server.on('clientError', (_error, socket) => socket.destroy());
  const listening = await listenOnLoopback(server);
  return {
    url: listening.baseUrl,
    stats,
    close: () => {
      for (const timer of stalls) clearTimeout(timer);
      return listening.close();
    },
  };
}
