// The one thing a partner creates: an OpenTelemetry instrumentation of the Svc SDK. It has the shape of
// `@opentelemetry/instrumentation`'s Instrumentation (NodeSDK's `instrumentations` list and
// `registerInstrumentations` take it) without depending on that package: nothing is patched, it only
// subscribes to the SDK's diagnostics channels, so the SDK pays nothing until it is enabled.
import {
  type Meter,
  type MeterProvider,
  metrics,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { METRIC_HTTP_CLIENT_REQUEST_DURATION } from '@opentelemetry/semantic-conventions';
import { version } from '../package.json';
import { type ClientInstruments, subscribeClientAttempts } from './client-attempts.js';
import { spanParents } from './parent-context.js';
import { subscriberGuard } from './subscriber-guard.js';
import { type SyncInstruments, subscribeSync } from './sync-windows.js';
import { windowAttempts } from './window-attempts.js';

/** The instrumentation's name: its tracer's and meter's (the scope of every span and metric). */
export const INSTRUMENTATION_NAME = '@svc/otel';

/** The buckets the HTTP conventions advise for `http.client.request.duration`, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export interface SvcInstrumentationConfig {
  /** Whether it subscribes when created (default true); `enable()` and `disable()` switch it later. */
  enabled?: boolean;
  /** Where its spans go; default: the global tracer provider (`trace.setGlobalTracerProvider`). */
  tracerProvider?: TracerProvider;
  /** Where its metrics go; default: the global meter provider. */
  meterProvider?: MeterProvider;
}

/**
 * Spans and metrics of the Svc SDK on Node: one HTTP client span per attempt of `@svc/client` (named
 * `GET /v2/summary/sleep/{user_id}`) and `http.client.request.duration`; one span per window of
 * `@svc/sync` and its counters by resource (`svc.sync.*`). Enabled on creation unless `enabled: false`;
 * give it to NodeSDK's `instrumentations`, or keep it and call `disable()` to stop.
 */
export class SvcInstrumentation {
  readonly instrumentationName = INSTRUMENTATION_NAME;
  readonly instrumentationVersion: string = version;
  #config: SvcInstrumentationConfig;
  #tracer!: Tracer;
  #meter!: Meter;
  #client!: ClientInstruments;
  #sync!: SyncInstruments;
  #unsubscribe: (() => void) | undefined;

  constructor(config: SvcInstrumentationConfig = {}) {
    this.#config = { ...config };
    this.setTracerProvider(config.tracerProvider ?? trace.getTracerProvider());
    this.setMeterProvider(config.meterProvider ?? metrics.getMeterProvider());
    if (config.enabled !== false) this.enable();
  }

  /** Subscribes to the SDK's channels (nothing more while enabled). */
  enable(): void {
    if (this.#unsubscribe) return;
    const parents = spanParents();
    // One guard for both: a broken processor is reported once, whichever channel met it first.
    const guard = subscriberGuard();
    const attempts = windowAttempts();
    const client = subscribeClientAttempts(() => this.#client, parents, guard, attempts);
    const sync = subscribeSync(() => this.#sync, parents, guard, attempts);
    this.#unsubscribe = () => {
      client();
      sync();
    };
  }

  /** Unsubscribes: from then on the SDK builds nothing for tracing. */
  disable(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  setTracerProvider(provider: TracerProvider): void {
    this.#tracer = provider.getTracer(INSTRUMENTATION_NAME, version);
    this.#instruments();
  }

  setMeterProvider(provider: MeterProvider): void {
    this.#meter = provider.getMeter(INSTRUMENTATION_NAME, version);
    this.#instruments();
  }

  /** The options, with `enabled` saying whether it is subscribed now. */
  getConfig(): SvcInstrumentationConfig {
    return { ...this.#config, enabled: this.#unsubscribe !== undefined };
  }

  /** Replaces the options and applies the providers it names; `enable()` and `disable()` switch it. */
  setConfig(config: SvcInstrumentationConfig): void {
    this.#config = { ...config };
    if (config.tracerProvider) this.setTracerProvider(config.tracerProvider);
    if (config.meterProvider) this.setMeterProvider(config.meterProvider);
  }

  #instruments(): void {
    if (!this.#tracer || !this.#meter) return;
    const meter = this.#meter;
    this.#client = {
      tracer: this.#tracer,
      duration: meter.createHistogram(METRIC_HTTP_CLIENT_REQUEST_DURATION, {
        description: 'Duration of HTTP client requests (one attempt each).',
        unit: 's',
        advice: { explicitBucketBoundaries: DURATION_BUCKETS },
      }),
    };
    const counter = (name: string, unit: string, description: string) =>
      meter.createCounter(name, { unit, description });
    this.#sync = {
      tracer: this.#tracer,
      windows: counter('svc.sync.windows', '{window}', 'Windows the sync ran, by resource and outcome.'),
      rows: counter('svc.sync.rows', '{row}', 'Steps points and summary records committed.'),
      requests: counter('svc.sync.requests', '{request}', 'Requests the sync sent, retries included.'),
      rateLimited: counter('svc.sync.rate_limited', '{response}', '429 answers the sync got.'),
      retries: counter('svc.sync.retries', '{retry}', 'Reads of a window after its first.'),
      duration: meter.createHistogram('svc.sync.window.duration', {
        unit: 's',
        description: 'Time to run one window: its reads, waits and commit.',
      }),
      lag: meter.createGauge('svc.sync.lag', {
        unit: 's',
        description: "How far the user furthest behind is behind the start of the service's today.",
      }),
      usersBehind: meter.createGauge('svc.sync.users_behind', {
        unit: '{user}',
        description: 'Users with windows of the resource not stored without a gap up to the start of today.',
      }),
    };
  }
}
