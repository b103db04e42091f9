// A window published on WINDOW_CHANNEL while someone subscribes: its key (never its user), then its
// outcome and what it took, counted here from the runner's own steps (each read, each request, each 429).
import { tracingChannel } from 'node:diagnostics_channel';
import { RateLimitError } from '@svc/client';
import type { SyncWindow } from '../../stores/store.js';
import { WINDOW_CHANNEL, type WindowMessage } from '../../sync-channels.js';
import type { RetryOutcome } from '../pace/attempts.js';
import type { WindowOutcome, WindowRunner } from './window-runner.js';

const channel = tracingChannel<unknown, WindowMessage>(WINDOW_CHANNEL);

/** Whether anyone listens (TracingChannel#hasSubscribers reads these five, from Node 20.13 on only). */
export const windowListened = (): boolean =>
  channel.start.hasSubscribers ||
  channel.end.hasSubscribers ||
  channel.asyncStart.hasSubscribers ||
  channel.asyncEnd.hasSubscribers ||
  channel.error.hasSubscribers;

const className = (error: unknown): string =>
  error instanceof Error ? error.name : typeof error === 'object' && error ? 'Object' : typeof error;

/** Runs `run` over a runner that counts into the window's message, published around it. */
export async function traceWindow(
  runner: WindowRunner,
  window: SyncWindow,
  run: (runner: WindowRunner, window: SyncWindow) => Promise<WindowOutcome>,
): Promise<WindowOutcome> {
  const { resource, provider, start, end } = window;
  const message: WindowMessage = {
    resource,
    provider,
    start,
    end,
    rows: 0,
    requests: 0,
    rateLimited: 0,
    retries: 0,
  };
  const counted: WindowRunner = {
    ...runner,
    attempt: async <T>(call: () => Promise<T>): Promise<RetryOutcome<T>> => {
      let reads = 0;
      const attempt = await runner.attempt(async () => {
        if (reads++ > 0) message.retries++;
        try {
          return await call();
        } catch (error) {
          if (error instanceof RateLimitError) message.rateLimited++;
          throw error;
        }
      });
      if ('failure' in attempt) message.errorType = className(attempt.failure);
      if ('deferred' in attempt) message.errorType = className(attempt.deferred);
      return attempt;
    },
    beforeRequest: () => {
      message.requests++;
      return runner.beforeRequest();
    },
  };
  let outcome: WindowOutcome | undefined;
  // The traced function resolves to nothing: the outcome (a deferred one holds its error) stays here.
  await channel.tracePromise(async () => {
    outcome = await run(counted, window);
    message.outcome = outcome.outcome;
    if (outcome.outcome === 'done') message.rows = outcome.points;
  }, message);
  return outcome as WindowOutcome;
}
