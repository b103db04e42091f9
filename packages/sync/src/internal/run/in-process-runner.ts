import { retryCall, withAttempts } from '../pace/attempts.js';
import { beforeRequest } from '../pace/before-request.js';
import type { RunPacing } from '../pace/run-pacing.js';
import type { Settings } from '../settings.js';
import type { WindowRunner } from './window-runner.js';

/** The in-process way to run a window: the sync's retries, and every request waits its turn. */
export function inProcessRunner(settings: Settings, context: RunPacing): WindowRunner {
  return {
    client: settings.client,
    store: settings.store,
    signal: context.signal,
    attempt: (call) => withAttempts(context, call),
    storeCall: (call) => retryCall(context, call),
    beforeRequest: () => beforeRequest(context),
    afterResponse: (response) => {
      context.pacer.succeeded();
      context.health.answered();
      settings.clock.observe(response);
    },
  };
}
