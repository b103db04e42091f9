// The README's "See it in a console", for @svc/sync: a one-user sync of the last 30 days of sleep into a
// new SQLite store, its window's span, the client span under it, and the svc.sync.* metrics. Against the
// sandbox, as console.ts (on Node 20 the SQLite store needs better-sqlite3, as the sync's README says):
//   SVC_API_KEY=sk_test_sandbox SVC_BASE_URL=http://127.0.0.1:4011 npx tsx examples/console-sync.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient } from '@svc/client';
import { SvcInstrumentation } from '@svc/otel';
import { createSync, openStore, teamFingerprint } from '@svc/sync';

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
});
const meterProvider = new MeterProvider({
  readers: [new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter() })],
});
const instrumentation = new SvcInstrumentation({ tracerProvider, meterProvider });

const store = await openStore(`sqlite:${join(mkdtempSync(join(tmpdir(), 'svc-otel-')), 'sync.db')}`);
const team = teamFingerprint(process.env.SVC_API_KEY ?? '');
const sync = createSync({ client: createClient(), store, team, resources: ['sleep'] });
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
await sync.backfill({ users: ['console-demo'], from: day(30), to: day(1) }).result;
await store.close();

instrumentation.disable();
await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
