// What "traced" calls run under in the bench: @svc/otel enabled with a real OpenTelemetry SDK, spans
// batched to an exporter that drops them and the duration histogram aggregated (never collected), so
// the figure is the instrumentation's and the SDK's own work per call, without an exporter's I/O.
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { SvcInstrumentation } from '@svc/otel';

const dropSpans: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
};

export interface TracingSdk {
  instrumentation: SvcInstrumentation;
  shutdown(): Promise<void>;
}

/** A disabled instrumentation over its own SDK: enable() it around the traced calls. */
export function tracingSdk(): TracingSdk {
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropSpans)] });
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.DELTA),
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const instrumentation = new SvcInstrumentation({ enabled: false, tracerProvider, meterProvider });
  return {
    instrumentation,
    async shutdown() {
      instrumentation.disable();
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
