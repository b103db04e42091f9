// The same three clients over an in-memory fetch (it builds the Request a real fetch would, then
// answers with a new Response from bytes in memory, no socket): what each layer costs per call on its
// own, without the network's noise. Our named methods use the global fetch, pointed at it meanwhile.
// Ours also races our client before the attempt channel ("before", nobody listening), and itself with
// @svc/otel enabled over a real SDK ("traced"): what tracing costs a call, off and on.
import { createClient } from '@svc/client';
import type { paths } from '@svc/types';
import createFetchClient from 'openapi-fetch';
import type { ClientBefore } from './client-before.js';
import { markerPage, USER_ID, user } from './server/bodies.js';
import { balancedOrder, median, round } from './stats.js';
import { abortableFetch, markerPath, markerQuery } from './throughput.js';
import { tracingSdk } from './tracing-sdk.js';

/** Over an injected fetch every client sends through fetch: plain node:http has no part here. */
const CONTENDERS = ['floor', 'abortable', 'openapiFetch', 'before', 'ours', 'traced'] as const;
type Contender = (typeof CONTENDERS)[number];

const bodies = { small: JSON.stringify(user), medium: JSON.stringify(markerPage) };
type Body = keyof typeof bodies;
const CALLS: Record<Body, number> = { small: 4000, medium: 1000 };

/** Builds the Request a real fetch builds from its arguments, then answers from memory. */
const answer =
  (body: string) =>
  (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    void new Request(input, init);
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };

function callers(body: Body, before: ClientBefore): Record<Contender, () => Promise<unknown>> {
  const reply = answer(bodies[body]);
  const baseUrl = 'http://127.0.0.1:9';
  const headers = { 'x-svc-api-key': 'sk-bench' };
  const bare = createFetchClient<paths>({ baseUrl, fetch: reply, headers });
  // No `fetch` option: named methods call the global fetch, which measureInMemory points at `reply`.
  const svc = createClient({ apiKey: 'sk-bench-0123456789', baseUrl });
  const old = before.createClient({ apiKey: 'sk-bench-0123456789', baseUrl });
  const url = `${baseUrl}/v2/user/resolve/${USER_ID}`;
  const markersUrl = baseUrl + markerPath;
  return body === 'small'
    ? {
        floor: async () => JSON.parse(await (await reply(url, { headers })).text()),
        // The global fetch, which measureInMemory points at `reply`.
        abortable: () => abortableFetch(url, headers),
        openapiFetch: () =>
          bare.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: USER_ID } } }),
        before: () => old.resolveUser({ client_user_id: USER_ID }),
        ours: () => svc.resolveUser({ client_user_id: USER_ID }),
        // The same client: measureInMemory enables the instrumentation around these calls only.
        traced: () => svc.resolveUser({ client_user_id: USER_ID }),
      }
    : {
        floor: async () => JSON.parse(await (await reply(markersUrl, { headers })).text()),
        abortable: () => abortableFetch(markersUrl, headers),
        openapiFetch: () => bare.GET('/v3/lab_tests/markers', { params: { query: markerQuery } }),
        before: () => old.listMarkers(markerQuery),
        ours: () => svc.listMarkers(markerQuery),
        traced: () => svc.listMarkers(markerQuery),
      };
}

export interface InMemoryRow {
  body: Body;
  /** CPU µs per call, medians over rounds. */
  usPerCall: Record<Contender, number>;
  /** ours − openapi-fetch, µs per call. */
  oursOverOpenapiFetchUs: number;
  /** openapi-fetch − floor, µs per call. */
  openapiFetchOverFloorUs: number;
  /** ours − fetch with a per-call abort signal and timer, µs per call. */
  oursOverAbortableUs: number;
  /** ours − our client before the attempt channel, nobody listening, µs per call. */
  oursOverBeforeUs: number;
  /** traced − ours: what @svc/otel and the SDK add to a call while enabled, µs per call. */
  tracedOverOursUs: number;
}

export async function measureInMemory(rounds: number, before: ClientBefore): Promise<InMemoryRow[]> {
  const rows: InMemoryRow[] = [];
  const globalFetch = globalThis.fetch;
  const sdk = tracingSdk();
  for (const body of Object.keys(bodies) as Body[]) {
    const calls = callers(body, before);
    globalThis.fetch = answer(bodies[body]);
    const samples = Object.fromEntries(CONTENDERS.map((c) => [c, [] as number[]])) as Record<
      Contender,
      number[]
    >;
    // As in throughput.ts: no forced collection before a timed run, an untimed quarter of it instead.
    const time = async (contender: Contender) => {
      if (contender === 'traced') sdk.instrumentation.enable();
      try {
        for (let i = 0; i < CALLS[body] / 4; i++) await calls[contender]();
        const cpu = process.cpuUsage();
        for (let i = 0; i < CALLS[body]; i++) await calls[contender]();
        const used = process.cpuUsage(cpu);
        return (used.user + used.system) / CALLS[body];
      } finally {
        sdk.instrumentation.disable();
      }
    };
    for (const contender of CONTENDERS) await time(contender); // warm-up
    for (let r = 0; r < rounds; r++) {
      for (const contender of balancedOrder(CONTENDERS, r)) samples[contender].push(await time(contender));
    }
    const usPerCall = Object.fromEntries(CONTENDERS.map((c) => [c, round(median(samples[c]), 1)])) as Record<
      Contender,
      number
    >;
    globalThis.fetch = globalFetch;
    rows.push({
      body,
      usPerCall,
      oursOverOpenapiFetchUs: round(usPerCall.ours - usPerCall.openapiFetch, 1),
      openapiFetchOverFloorUs: round(usPerCall.openapiFetch - usPerCall.floor, 1),
      oursOverAbortableUs: round(usPerCall.ours - usPerCall.abortable, 1),
      oursOverBeforeUs: round(usPerCall.ours - usPerCall.before, 1),
      tracedOverOursUs: round(usPerCall.traced - usPerCall.ours, 1),
    });
  }
  await sdk.shutdown();
  return rows;
}
