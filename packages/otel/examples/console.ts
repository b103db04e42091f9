// The README's "See it in a console": the SDK's spans and metrics printed by OpenTelemetry's console
// exporters. Run it against the sandbox (`npx svc-sandbox`, on port 4011, any key):
//   SVC_API_KEY=sk_test_sandbox SVC_BASE_URL=http://127.0.0.1:4011 npx tsx examples/console.ts
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

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
});
const meterProvider = new MeterProvider({
  readers: [new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter() })],
});
const instrumentation = new SvcInstrumentation({ tracerProvider, meterProvider });

const client = createClient();
const user = await client.resolveUser({ client_user_id: 'console-demo' });
await client.getSleepSummary({ user_id: user.user_id, start_date: '2026-11-02' });

instrumentation.disable();
// Shutting down exports what is left: the metrics are printed here.
await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
