// Node's build: each attempt published on a diagnostics_channel TracingChannel (ATTEMPT_CHANNEL), as
// undici and Node's http publish theirs. While nobody subscribes, the transport asks `listened()` and
// builds nothing. A subscriber gets only what AttemptMessage lists: never the Reply (its headers and
// body), a header value, a query value or a path id.
import { tracingChannel } from 'node:diagnostics_channel';
import { ATTEMPT_CHANNEL, type AttemptMessage } from '../../../attempt-channel.js';
import { withSecrets } from '../../../errors.js';
import { requestIdOf } from '../../../request-id.js';
import type { Secrets } from '../../redact.js';
import type { Reply } from '../reply/reply.js';
import type { AttemptTracer, TracedAttempt } from './attempt-tracer.js';

const channel = tracingChannel<unknown, AttemptMessage>(ATTEMPT_CHANNEL);
const { start, end, asyncStart, asyncEnd, error } = channel;

/** What the URL's path parameters and query values read as in a published URL. */
const REDACTED = 'REDACTED';

/**
 * The URL with the template's parameters and every query value replaced: the path below the template
 * is the base URL's own (`https://host/api` + `/v2/…`), kept as it is.
 */
function redactedUrl(url: URL, template: string): string {
  const templated = template.split('/').slice(1);
  const segments = url.pathname.split('/');
  const base = segments.slice(0, Math.max(1, segments.length - templated.length));
  const path = [...base, ...templated.map((segment) => segment.replace(/\{[^}]*\}/g, REDACTED))].join('/');
  const query = new URLSearchParams();
  for (const name of url.searchParams.keys()) query.append(name, REDACTED);
  const search = query.toString();
  return `${url.protocol}//${url.host}${path}${search ? `?${search}` : ''}`;
}

function message({ method, url, what, resendCount }: TracedAttempt): AttemptMessage {
  const parsed = new URL(url);
  const template = what?.slice(method.length + 1);
  return {
    method,
    urlTemplate: template,
    redactedUrl: template === undefined ? undefined : redactedUrl(parsed, template),
    serverAddress: parsed.hostname,
    serverPort: Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80),
    resendCount,
  };
}

export const TRACED: boolean = true;

export const attemptTracer: AttemptTracer | undefined = {
  // TracingChannel#hasSubscribers reads the same five channels, from Node 20.13 on only.
  listened: () =>
    start.hasSubscribers ||
    end.hasSubscribers ||
    asyncStart.hasSubscribers ||
    asyncEnd.hasSubscribers ||
    error.hasSubscribers,

  async trace<R extends Reply>(
    run: () => Promise<R>,
    attempt: TracedAttempt,
    secrets: Secrets,
    decide: (reply?: R, error?: unknown) => number | undefined,
  ): Promise<R> {
    const context = message(attempt);
    let reply: R | undefined;
    // The traced function resolves to nothing, so the channel's `result` never holds the Reply.
    await channel.tracePromise(async () => {
      try {
        reply = await run();
      } catch (failure) {
        context.retried = decide(undefined, failure) !== undefined;
        throw withSecrets(failure, secrets);
      }
      context.status = reply.status;
      context.requestId = requestIdOf(reply.headers);
      context.retried = decide(reply) !== undefined;
    }, context);
    return reply as R;
  },
};
