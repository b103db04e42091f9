// Issue 43: a span processor or a meter of the application's that throws must not reach the SDK's calls
// or end the process through diagnostics_channel (a throwing subscriber is rethrown there as an uncaught
// exception). It is reported once, on OpenTelemetry's diagnostic logger, and the calls go on untouched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DiagLogger, DiagLogLevel, diag, type Meter, type MeterProvider } from '@opentelemetry/api';
import { MeterProvider as SdkMeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { createSync, openStore, teamFingerprint } from '@svc/sync';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SvcInstrumentation } from '../../src/index.js';

const API_KEY = 'sk_test_otel_throwing_51aa';
const dir = mkdtempSync(join(tmpdir(), 'svc-otel-throwing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A span processor that throws when a span starts and when it ends. */
const throwingProcessor: SpanProcessor = {
  onStart() {
    throw new TypeError('processor broke on start');
  },
  onEnd() {
    throw new TypeError('processor broke on end');
  },
  forceFlush: async () => {},
  shutdown: async () => {},
};

/** A meter provider whose instruments throw on every record (a broken custom meter). */
function throwingMeterProvider(): MeterProvider {
  const real = new SdkMeterProvider();
  const broken = () => {
    throw new RangeError('meter broke');
  };
  return {
    getMeter(name, version, options) {
      const meter = real.getMeter(name, version, options);
      return new Proxy(meter, {
        get(target, key) {
          const create = Reflect.get(target, key) as (...args: unknown[]) => object;
          if (typeof key !== 'string' || !key.startsWith('create')) return create;
          return (...args: unknown[]) =>
            new Proxy(create.apply(target, args), {
              get: (instrument, method) =>
                method === 'add' || method === 'record' ? broken : Reflect.get(instrument, method),
            });
        },
      }) as Meter;
    },
  };
}

let errors: unknown[][];
let instrumentation: SvcInstrumentation | undefined;
beforeEach(() => {
  errors = [];
  const logger: DiagLogger = {
    error: (...args) => void errors.push(args),
    warn: () => {},
    info: () => {},
    debug: () => {},
    verbose: () => {},
  };
  diag.setLogger(logger, DiagLogLevel.ERROR);
});
afterEach(() => {
  instrumentation?.disable();
  diag.disable();
});

async function syncAndCall() {
  const sandbox = createSandbox({ apiKey: API_KEY, seed: 'otel-throwing' });
  const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch });
  const store = await openStore(`sqlite:${join(dir, `${Math.random().toString(36).slice(2)}.db`)}`);
  try {
    const sync = createSync({ client, store, team: teamFingerprint(API_KEY), resources: ['sleep'] });
    const run = await sync.backfill({ users: ['thrown-1', 'thrown-2'], from: '2025-12-01', to: '2026-01-04' })
      .result;
    const providers = await client.listProviders();
    return { run, providers };
  } finally {
    await store.close();
  }
}

describe('a throwing span processor or meter', () => {
  it('issue 43: a span processor that throws leaves every call and the process alone, reported once', async () => {
    instrumentation = new SvcInstrumentation({
      tracerProvider: new BasicTracerProvider({ spanProcessors: [throwingProcessor] }),
      meterProvider: new SdkMeterProvider(),
    });
    const { run, providers } = await syncAndCall();
    expect(run.status).toBe('done');
    expect(run.progress.windows.done).toBeGreaterThan(1);
    expect(providers).toBeDefined();
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.[0])).toMatch(/@svc\/otel.*TypeError/);
  });

  it('issue 43: a meter that throws on every record leaves every call and the process alone, reported once', async () => {
    instrumentation = new SvcInstrumentation({
      tracerProvider: new BasicTracerProvider(),
      meterProvider: throwingMeterProvider(),
    });
    const { run } = await syncAndCall();
    expect(run.status).toBe('done');
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.[0])).toMatch(/@svc\/otel.*RangeError/);
  });
});
