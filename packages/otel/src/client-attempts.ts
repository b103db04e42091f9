// The client's attempt channel as OpenTelemetry HTTP client spans (one per attempt, the stable HTTP
// semantic conventions) and the `http.client.request.duration` histogram. What the channel carries is
// already free of header values, query values, path ids and bodies; an error is named by its class only
// (its message could name a host), never recorded with its stack.
import { tracingChannel } from 'node:diagnostics_channel';
import {
  type Attributes,
  type Histogram,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from '@opentelemetry/semantic-conventions';
import { ATTR_URL_TEMPLATE } from '@opentelemetry/semantic-conventions/incubating';
import { ATTEMPT_CHANNEL, type AttemptMessage } from '@svc/client';
import { asyncEndSubscribers } from './async-end-subscribers.js';
import { errorTypeOf } from './error-type-of.js';
import type { SpanParents } from './parent-context.js';
import type { Guard } from './subscriber-guard.js';
import type { WindowAttempts } from './window-attempts.js';

/** The service's request id of the answer (no semantic convention names one). */
export const ATTR_SVC_REQUEST_ID = 'svc.request.id';

/** The methods the conventions know; any other is `_OTHER`, its spelling kept in method_original. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** What the subscriber records with: read at each event, so a provider set later applies at once. */
export interface ClientInstruments {
  tracer: Tracer;
  duration: Histogram;
}

/** What an attempt's start keeps for its end: its span, when it started, and its metric's labels. */
interface AttemptEntry {
  span: Span;
  started: number;
  attributes: Attributes;
  /** The sync window's span it runs under, if any. */
  window: Span | undefined;
}

/** `error.type` of an attempt: the status of an error answer, else the class of the error it failed with. */
function errorType(message: AttemptMessage): string | undefined {
  if (message.status !== undefined) return message.status >= 400 ? String(message.status) : undefined;
  return errorTypeOf(message.error);
}

/** Subscribes to the client's attempts; returns the unsubscribe. */
export function subscribeClientAttempts(
  instruments: () => ClientInstruments,
  parents: SpanParents,
  guard: Guard,
  windows: WindowAttempts,
): () => void {
  const channel = tracingChannel<unknown, AttemptMessage>(ATTEMPT_CHANNEL);
  const open = new WeakMap<AttemptMessage, AttemptEntry>();
  const start = (message: AttemptMessage) => {
    const method = KNOWN_METHODS.has(message.method) ? message.method : '_OTHER';
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_SERVER_ADDRESS]: message.serverAddress,
      [ATTR_SERVER_PORT]: message.serverPort,
    };
    if (method === '_OTHER') attributes[ATTR_HTTP_REQUEST_METHOD_ORIGINAL] = message.method;
    if (message.urlTemplate !== undefined) attributes[ATTR_URL_TEMPLATE] = message.urlTemplate;
    const spanAttributes: Attributes = { ...attributes };
    if (message.redactedUrl !== undefined) spanAttributes[ATTR_URL_FULL] = message.redactedUrl;
    if (message.resendCount > 0) spanAttributes[ATTR_HTTP_REQUEST_RESEND_COUNT] = message.resendCount;
    // `{method} {url.template}`, or the method alone where the template is unknown (never the path).
    const shown = method === '_OTHER' ? 'HTTP' : method;
    const name = message.urlTemplate === undefined ? shown : `${shown} ${message.urlTemplate}`;
    const span = instruments().tracer.startSpan(
      name,
      { kind: SpanKind.CLIENT, attributes: spanAttributes },
      parents.parent(),
    );
    const own = parents.own.getStore();
    open.set(message, {
      span,
      started: performance.now(),
      attributes,
      window: own ? trace.getSpan(own) : undefined,
    });
  };
  const close = (message: AttemptMessage, { span, started, attributes, window }: AttemptEntry) => {
    const type = errorType(message);
    if (message.status !== undefined) {
      attributes[ATTR_HTTP_RESPONSE_STATUS_CODE] = message.status;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, message.status);
    }
    if (type !== undefined) {
      attributes[ATTR_ERROR_TYPE] = type;
      span.setAttribute(ATTR_ERROR_TYPE, type);
    }
    if (message.requestId !== undefined) span.setAttribute(ATTR_SVC_REQUEST_ID, message.requestId);
    instruments().duration.record((performance.now() - started) / 1000, attributes);
    // A retried attempt keeps its error.type, and is no failure: the call goes on. One that ends its
    // call inside a sync window waits for the window, which may read again; any other is an ERROR.
    if (type === undefined || message.retried) return span.end();
    if (windows.hold(window, span, type, performance.timeOrigin + performance.now())) return;
    span.setStatus({
      code: SpanStatusCode.ERROR,
      ...(message.status === undefined ? { message: type } : {}),
    });
    span.end();
  };
  const nothing = () => {};
  const subscribers = asyncEndSubscribers(open, guard(close, nothing), guard(start, nothing));
  channel.subscribe(subscribers);
  return () => channel.unsubscribe(subscribers);
}
