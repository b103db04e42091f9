// Issue 44: `svc-sync backfill`, traced through the standard OpenTelemetry environment alone
// (`NODE_OPTIONS=--import @svc/otel/register`, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME …): its spans
// reach an OTLP/HTTP endpoint (a loopback receiver that decodes what it is sent), on a rate-limited sandbox
// whose 429s the run handles, and no span of the run is an ERROR.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const API_KEY = 'sk_test_otel_cli_93ce';
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SYNC_BIN = join(
  dirname(createRequire(import.meta.url).resolve('@svc/sync/package.json')),
  'bin/svc-sync.js',
);
const dir = mkdtempSync(join(tmpdir(), 'svc-otel-cli-'));

/** A span as OTLP/JSON carries it, the fields read here. */
interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  status?: { code?: number };
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** The attributes of an OTLP span as a plain object: `{ stringValue }` the string, `{ intValue }` the number. */
const attributesOf = (span: OtlpSpan): Record<string, unknown> =>
  Object.fromEntries(
    span.attributes.map(({ key, value }) => [
      key,
      'intValue' in value ? Number(value.intValue) : Object.values(value)[0],
    ]),
  );

let sandbox: SandboxServer;
let collector: Server;
const received: { path: string; type: string | undefined; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  // 8 requests a second: a two-user backfill of two resources goes past it and is answered 429s.
  sandbox = await serveSandbox(
    createSandbox({ apiKey: API_KEY, seed: 'otel-cli', rateLimit: { perSecond: 8, burst: 4 } }),
    { port: 0 },
  );
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        type: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  collector.closeAllConnections();
  await new Promise((resolve) => collector.close(resolve));
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function runSync(args: string[], env: Record<string, string>) {
  const { SVC_API_KEY: _key, NODE_OPTIONS: _options, ...inherited } = process.env;
  const child = spawn(process.execPath, [SYNC_BIN, ...args], {
    cwd: PACKAGE_DIR,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('svc-sync traced from the environment', () => {
  it('sends its spans over OTLP/HTTP to the endpoint the environment names, with no ERROR for a handled 429', async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const run = await runSync(
      [
        'backfill',
        '--store',
        `sqlite:${join(dir, 'traced.db')}`,
        '--users',
        'traced-1,traced-2',
        '--resources',
        'steps,sleep',
        '--from',
        '2025-12-01',
        '--to',
        '2026-01-04',
        '--base-url',
        sandbox.url,
        '--progress',
        'none',
      ],
      {
        SVC_API_KEY: API_KEY,
        NODE_OPTIONS: '--import @svc/otel/register',
        OTEL_SERVICE_NAME: 'nightly-sync',
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const traces = received.filter((request) => request.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]?.type).toMatch(/^application\/json/);
    type ResourceSpans = {
      resource: { attributes: OtlpSpan['attributes'] };
      scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
    };
    const batches = traces.flatMap((request) => request.body.resourceSpans as ResourceSpans[]);
    for (const batch of batches)
      expect(batch.resource.attributes).toContainEqual({
        key: 'service.name',
        value: { stringValue: 'nightly-sync' },
      });
    const spans = batches.flatMap((batch) => batch.scopeSpans.flatMap((scope) => scope.spans));
    const windows = spans.filter((span) => span.name.startsWith('sync window '));
    const reads = spans.filter((span) => span.name === 'GET /v2/summary/sleep/{user_id}');
    expect(windows.length).toBeGreaterThan(2);
    expect(reads.length).toBeGreaterThan(0);
    // Each read hangs under its window's span.
    const windowIds = new Set(windows.map((span) => span.spanId));
    for (const read of reads) expect(windowIds.has(read.parentSpanId ?? '')).toBe(true);

    // The sandbox rate limited the run: the 429s are there, each keeps its error.type, and none is an ERROR.
    const limited = spans.filter((span) => attributesOf(span)['http.response.status_code'] === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const span of limited) expect(attributesOf(span)['error.type']).toBe('429');
    const errors = spans.filter((span) => span.status?.code === 2);
    expect(errors.map((span) => `${span.name} ${JSON.stringify(attributesOf(span))}`)).toEqual([]);
  }, 60_000);
});
