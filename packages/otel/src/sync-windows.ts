// The sync's channels as OpenTelemetry: a span per window (its client calls nest under it), and counters
// and histograms of windows, rows, requests, 429s, retries and lag, labelled by resource (and a window's
// outcome), never by user: the sync publishes no user id.
import { channel, tracingChannel } from 'node:diagnostics_channel';
import {
  type Attributes,
  type Context,
  type Counter,
  type Gauge,
  type Histogram,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type {
  LagMessage,
  LAG_CHANNEL as SyncLagChannel,
  WINDOW_CHANNEL as SyncWindowChannel,
  WindowMessage,
} from '@svc/sync';
import { asyncEndSubscribers } from './async-end-subscribers.js';
import { errorTypeOf } from './error-type-of.js';
import type { SpanParents } from './parent-context.js';
import type { Guard } from './subscriber-guard.js';
import type { WindowAttempts } from './window-attempts.js';

// The sync's channel names, typed by @svc/sync's own constants (a renamed one fails to compile here);
// importing the sync itself would load it, and its drivers, for partners who trace only the client.
const WINDOW_CHANNEL: typeof SyncWindowChannel = 'svc:sync:window';
const LAG_CHANNEL: typeof SyncLagChannel = 'svc:sync:lag';

/** The resource a window or a figure is of (`steps`, `sleep`, …): the one label of every sync metric. */
export const ATTR_SYNC_RESOURCE = 'svc.sync.resource';
/** What came of a window: `done`, `failed`, `deferred`, or `error` when the run stopped on it. */
export const ATTR_SYNC_OUTCOME = 'svc.sync.outcome';

export interface SyncInstruments {
  tracer: Tracer;
  windows: Counter;
  rows: Counter;
  requests: Counter;
  rateLimited: Counter;
  retries: Counter;
  duration: Histogram;
  lag: Gauge;
  usersBehind: Gauge;
}

/** Subscribes to the sync's windows and lag; returns the unsubscribe. */
export function subscribeSync(
  instruments: () => SyncInstruments,
  parents: SpanParents,
  guard: Guard,
  attempts: WindowAttempts,
): () => void {
  const windows = tracingChannel<Context, WindowMessage>(WINDOW_CHANNEL);
  const open = new WeakMap<WindowMessage, { span: Span; started: number }>();
  // The span starts with the window, and the window's work runs in its context (our own store: a
  // subscriber cannot tell the application's context manager), so the client spans nest under it.
  const startWindow = (message: WindowMessage): Context => {
    const parent = parents.parent();
    const span = instruments().tracer.startSpan(
      `sync window ${message.resource}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [ATTR_SYNC_RESOURCE]: message.resource,
          'svc.sync.provider': message.provider,
          'svc.sync.window.start': message.start,
          'svc.sync.window.end': message.end,
        },
      },
      parent,
    );
    open.set(message, { span, started: performance.now() });
    attempts.open(span);
    return trace.setSpan(parent, span);
  };
  const close = (message: WindowMessage, { span, started }: { span: Span; started: number }) => {
    const outcome = message.outcome ?? 'error';
    const thrown = message.error === undefined ? undefined : errorTypeOf(message.error);
    const errorType = message.errorType ?? thrown;
    span.setAttributes({
      [ATTR_SYNC_OUTCOME]: outcome,
      'svc.sync.rows': message.rows,
      'svc.sync.requests': message.requests,
      'svc.sync.rate_limited': message.rateLimited,
      'svc.sync.retries': message.retries,
    });
    if (errorType) span.setAttribute(ATTR_ERROR_TYPE, errorType);
    // Failed for good, or the run stopped on it: an error. Deferred (rate limited, left for the next
    // run) is handled: it keeps its error.type, and the run's next pass reads it.
    const failed = outcome === 'failed' || outcome === 'error';
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR, ...(errorType ? { message: errorType } : {}) });
    attempts.close(span, failed);
    span.end();
    const by: Attributes = { [ATTR_SYNC_RESOURCE]: message.resource };
    const { windows: count, rows, requests, rateLimited, retries, duration } = instruments();
    count.add(1, { ...by, [ATTR_SYNC_OUTCOME]: outcome });
    duration.record((performance.now() - started) / 1000, { ...by, [ATTR_SYNC_OUTCOME]: outcome });
    rows.add(message.rows, by);
    requests.add(message.requests, by);
    rateLimited.add(message.rateLimited, by);
    retries.add(message.retries, by);
  };
  const nothing = () => {};
  const subscribers = asyncEndSubscribers(open, guard(close, nothing));
  // A window whose span could not start runs in the context it was in, untraced.
  windows.start.bindStore(
    parents.own,
    guard(startWindow, () => parents.parent()),
  );
  windows.subscribe(subscribers);
  const lag = channel(LAG_CHANNEL);
  const onLag = guard((message: unknown) => {
    const { resource, lagMs, usersBehind } = message as LagMessage;
    const by = { [ATTR_SYNC_RESOURCE]: resource };
    // A resource no user has windows of has no figure (as status --json says null).
    if (lagMs === null) return;
    instruments().lag.record(lagMs / 1000, by);
    instruments().usersBehind.record(usersBehind, by);
  }, nothing);
  lag.subscribe(onLag);
  return () => {
    windows.unsubscribe(subscribers);
    windows.start.unbindStore(parents.own);
    lag.unsubscribe(onLag);
  };
}
