// @svc/sync's windows as spans and metrics, read through in-memory exporters: a real sync (SQLite store)
// reading an in-process sandbox, a 429 injected on the first sleep read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { createSync, openStore, type SyncStore, teamFingerprint } from '@svc/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SvcInstrumentation } from '../../src/index.js';
import { createTelemetry, shown, useContextManager } from '../fixtures/telemetry.js';

const API_KEY = 'sk_test_otel_sync_7c2d';
const USERS = ['otel-sync-ann', 'otel-sync-ben'];
const range = { from: '2025-12-20', to: '2026-01-04' };
const telemetry = createTelemetry();
const dir = mkdtempSync(join(tmpdir(), 'svc-otel-sync-'));
const stores: SyncStore[] = [];
let instrumentation: SvcInstrumentation;

useContextManager();
beforeAll(() => {
  instrumentation = new SvcInstrumentation(telemetry);
});
afterAll(async () => {
  instrumentation.disable();
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => telemetry.reset());

/** A sync of steps and sleep over a fresh store; the first sleep read is answered 429. */
async function syncOnce() {
  const sandbox = createSandbox({ apiKey: API_KEY, seed: 'otel-sync' });
  let sleepReads = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    if (request.url.includes('/summary/sleep/') && ++sleepReads === 1)
      return new Response('{"error":{"code":"rate_limited","message":"slow down"}}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      });
    return sandbox.fetch(request);
  };
  const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch, maxRetries: 0 });
  const store = await openStore(`sqlite:${join(dir, `sync-${stores.length}.db`)}`);
  stores.push(store);
  const sync = createSync({
    client,
    store,
    team: teamFingerprint(API_KEY),
    resources: ['steps', 'sleep'],
    limits: { baseBackoffMs: 1, maxBackoffMs: 5 },
  });
  const run = await sync.backfill({ users: USERS, ...range }).result;
  const ids = await Promise.all(
    USERS.map(async (name) => (await client.resolveUser({ client_user_id: name })).user_id),
  );
  return { run, ids };
}

const byResource = (points: Awaited<ReturnType<typeof telemetry.points>>, metric: string) =>
  Object.fromEntries(
    points
      .filter((point) => point.metric === metric)
      .map((point) => [String(point.attributes['svc.sync.resource']), point.value]),
  );

describe('sync spans and metrics', () => {
  it('makes a span per window, by resource, with what it took; its client calls nest under it', async () => {
    const { run } = await syncOnce();
    expect(run.status).toBe('done');
    const spans = telemetry.spans();
    const windows = spans.filter((span) => span.name.startsWith('sync window '));
    expect(windows).toHaveLength(run.progress.windows.done);
    expect(new Set(windows.map((span) => span.name))).toEqual(
      new Set(['sync window steps', 'sync window sleep']),
    );
    const sleep = windows.filter((span) => span.name === 'sync window sleep');
    const limited = sleep.find((span) => span.attributes['svc.sync.rate_limited'] === 1);
    expect(limited?.kind).toBe(SpanKind.INTERNAL);
    expect(limited?.status.code).toBe(SpanStatusCode.UNSET);
    expect(limited?.attributes).toEqual({
      'svc.sync.resource': 'sleep',
      'svc.sync.provider': expect.any(String),
      'svc.sync.window.start': range.from,
      'svc.sync.window.end': range.to,
      'svc.sync.outcome': 'done',
      'svc.sync.rows': expect.any(Number),
      'svc.sync.requests': 2,
      'svc.sync.rate_limited': 1,
      'svc.sync.retries': 1,
    });
    // Its two reads: the 429 and the retry, each a client span under the window's.
    const calls = spans
      .filter((span) => span.parentSpanContext?.spanId === limited?.spanContext().spanId)
      .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
    expect(calls.map((span) => [span.name, span.attributes['http.response.status_code']])).toEqual([
      ['GET /v2/summary/sleep/{user_id}', 429],
      ['GET /v2/summary/sleep/{user_id}', 200],
    ]);
    // Issue 44: the window read again after the 429, so the 429 keeps its error.type and is no ERROR.
    expect(calls[0]?.attributes['error.type']).toBe('429');
    expect(calls[0]?.status.code).toBe(SpanStatusCode.UNSET);
    // Held until its window ended, it still ends when its answer came: before the retry started.
    const nanos = (time: readonly [number, number] | undefined) =>
      time ? time[0] * 1e9 + time[1] : Number.NaN;
    expect(nanos(calls[0]?.endTime)).toBeLessThanOrEqual(nanos(calls[1]?.startTime));
  });

  it('counts windows, rows, requests, 429s, retries and lag by resource, never by user', async () => {
    const { run, ids } = await syncOnce();
    const points = await telemetry.points();
    const sync = points.filter((point) => point.metric.startsWith('svc.sync.'));
    for (const point of sync)
      expect(Object.keys(point.attributes).sort()).toEqual(
        point.metric === 'svc.sync.windows' || point.metric === 'svc.sync.window.duration'
          ? ['svc.sync.outcome', 'svc.sync.resource']
          : ['svc.sync.resource'],
      );
    const rows = byResource(points, 'svc.sync.rows');
    expect(Number(rows.steps) + Number(rows.sleep)).toBe(run.progress.points);
    expect(byResource(points, 'svc.sync.windows')).toEqual({
      steps: run.progress.windows.done - USERS.length,
      sleep: USERS.length,
    });
    expect(byResource(points, 'svc.sync.rate_limited')).toEqual({ steps: 0, sleep: 1 });
    expect(byResource(points, 'svc.sync.retries')).toEqual({ steps: 0, sleep: 1 });
    const requests = byResource(points, 'svc.sync.requests');
    // The run also resolved each user once: those requests belong to no window, so to no resource.
    expect(Number(requests.steps) + Number(requests.sleep)).toBe(run.progress.requests - USERS.length);
    const lag = byResource(points, 'svc.sync.lag');
    expect(Object.keys(lag).sort()).toEqual(['sleep', 'steps']);
    expect(Number(lag.steps)).toBeGreaterThanOrEqual(0);
    // Issue 44: users behind, per resource, as readFleetStatus counts them (never a user in a label).
    const behind = byResource(points, 'svc.sync.users_behind');
    expect(Object.keys(behind).sort()).toEqual(['sleep', 'steps']);
    for (const users of Object.values(behind)) expect([0, 1, 2]).toContain(users);
    const seen = `${shown(telemetry.spans())} ${JSON.stringify(points)}`;
    for (const secret of [...ids, ...USERS, API_KEY]) expect(seen).not.toContain(secret);
  });

  it('nests spans for two instrumentations at once, each under its own window spans', async () => {
    const other = createTelemetry();
    const second = new SvcInstrumentation(other);
    try {
      await syncOnce();
    } finally {
      second.disable();
    }
    for (const spans of [telemetry.spans(), other.spans()]) {
      const windows = new Set(
        spans.filter((span) => span.name.startsWith('sync window ')).map((span) => span.spanContext().spanId),
      );
      const reads = spans.filter((span) => span.name.startsWith('GET /v2/summary/'));
      expect(windows.size).toBeGreaterThan(0);
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(windows.has(read.parentSpanContext?.spanId ?? '')).toBe(true);
    }
  });
});
