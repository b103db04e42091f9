// The README's "See it in a console": the setup both examples (console.ts, console-sync.ts) share.
// OpenTelemetry's console exporters print the SDK's spans as they end and its metrics at shutdown.
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { SvcInstrumentation } from '@svc/otel';

/** Starts printing the Svc SDK's spans and metrics; the function it returns stops and prints the rest. */
export function startConsoleTelemetry(): () => Promise<void> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() })],
  });
  const meterProvider = new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter() })],
  });
  const instrumentation = new SvcInstrumentation({ tracerProvider, meterProvider });
  return async () => {
    instrumentation.disable();
    // Shutting down exports what is left: the metrics are printed here.
    await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
  };
}
