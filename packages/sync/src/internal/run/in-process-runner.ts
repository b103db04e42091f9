import type { SyncWindow } from '../../stores/store.js';
import { retryCall, withAttempts } from '../pace/attempts.js';
import { beforeRequest } from '../pace/before-request.js';
import type { RunPacing } from '../pace/run-pacing.js';
import type { Settings } from '../settings.js';
import { WindowCommitter } from './window-committer.js';
import type { WindowRunner } from './window-runner.js';

/**
 * The in-process way to run a window: the sync's retries, every request waits its turn, and windows
 * read are committed in batches (group commit), each batch with the sync's retries for the store.
 */
export function inProcessRunner(
  settings: Settings,
  context: RunPacing,
  /** Told of a window read whose commit may wait without its read slot (the backlog is under its bound). */
  onRead?: (window: SyncWindow) => void,
): WindowRunner {
  const committer = new WindowCommitter((commits) =>
    retryCall(context, () => settings.store.commitWindows(commits)),
  );
  return {
    client: settings.client,
    store: settings.store,
    signal: context.signal,
    attempt: (call) => withAttempts(context, call),
    storeCall: (call) => retryCall(context, call),
    commit: (commit) => committer.commit(commit),
    readDone: (window) => {
      if (!committer.backlogged) onRead?.(window);
    },
    beforeRequest: () => beforeRequest(context),
    afterResponse: (response) => {
      context.pacer.succeeded();
      context.health.answered();
      settings.clock.observe(response);
    },
  };
}
