// The attempt loop of one call (stripe-node's RequestSender beside its HttpClient): sends an attempt
// through the HttpClient, decides on another with retry-policy.ts, waits, logs and, on Node while
// someone listens, publishes each attempt for tracing (trace/).
import { attemptTracer, TRACED } from '#attempt-tracer';
import { withSecrets } from '../../../errors.js';
import type { ClientLog } from '../../logger.js';
import type { Secrets } from '../../redact.js';
import type { CallState } from '../call-state.js';
import type { AttemptLimits, HttpClient, Outgoing } from '../http-client.js';
import { refuseRedirect } from '../reply/answer-error.js';
import type { Reply } from '../reply/reply.js';
import { logAttempt } from './log-attempt.js';
import { isFinal, waitAfterAnswer, waitAfterFailure } from './retry-policy.js';
import { repeatable } from './retry-safety.js';
import { sleep } from './sleep.js';

/** One call's attempts: the limits of each (a CallState is one), and the secrets a failure is redacted with. */
export interface RetryPlan extends AttemptLimits {
  readonly secrets: Secrets;
}

/** The client's own settings of the loop. */
export interface RetrySettings {
  logger?: ClientLog | undefined;
  /** The idempotency header the user confirmed the service reads; without it POST/PATCH retry only when unprocessed. */
  idempotencyHeader?: string | undefined;
  /** Jitter source, injectable for tests. */
  random?: (() => number) | undefined;
}

/**
 * Sends the call through `client` until an attempt ends it; resolves with the last answer (handed to
 * `call` first) or rejects with the last failure, redacted.
 */
export async function sendWithRetries(
  client: HttpClient,
  outgoing: Outgoing,
  plan: RetryPlan,
  { logger, random, idempotencyHeader }: RetrySettings,
  /** The call (its `what` is published with each attempt); undefined for a request a middleware replaced. */
  call: CallState | undefined,
): Promise<Reply> {
  const { maxRetries, secrets, what } = plan;
  const { method, url } = outgoing;
  // Otherwise (POST, PATCH) only an attempt the service certainly did not process is sent again.
  const anyFailure = repeatable(method, outgoing.headers, idempotencyHeader);
  // Below debug, only a retry or a give-up is logged: a first attempt that ends the call costs nothing.
  const debug = logger?.enabled('debug') === true;
  try {
    for (let retry = 0; ; retry++) {
      const started = debug ? Date.now() : 0;
      let reply: Reply | undefined;
      let failure: unknown;
      // The wait before the next attempt (undefined: none), decided once: by the tracer before it
      // publishes the attempt's end (a retried attempt is not a failed call), else below. A decision
      // of no retry draws no jitter, so making it again is the same decision.
      let delay: number | undefined;
      const decide = (reply?: Reply, error?: unknown) =>
        (delay ??= reply
          ? waitAfterAnswer(reply, retry, maxRetries, anyFailure, random)
          : waitAfterFailure(error, isFinal(error), retry, maxRetries, anyFailure, random));
      try {
        // Published for tracing only while someone listens (Node's build; see trace/).
        reply = refuseRedirect(
          await (TRACED && attemptTracer?.listened()
            ? attemptTracer.trace(
                () => client.send(outgoing, plan).then((sent) => refuseRedirect(sent, what)),
                { method, url, what: call?.what, resendCount: retry },
                secrets,
                decide,
              )
            : client.send(outgoing, plan)),
          what,
        );
      } catch (error) {
        failure = error;
      }
      decide(reply, failure);
      if (logger && (debug || delay !== undefined || retry > 0))
        logAttempt(logger, secrets, outgoing, retry, started, delay, reply, failure);
      if (delay === undefined) {
        if (!reply) throw failure;
        call?.answered(reply);
        return reply;
      }
      await sleep(delay, plan.signal);
    }
  } catch (error) {
    throw withSecrets(error, secrets);
  }
}
