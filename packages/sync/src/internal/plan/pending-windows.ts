import type { ProgressFeed } from '../../progress.js';
import type { SyncStore, SyncWindow } from '../../stores/store.js';
import { retryCall } from '../pace/attempts.js';
import type { RunPacing } from '../pace/run-pacing.js';

/** Windows a stopped run or an event left pending, a page of 100 at a time in key order. */
export async function* pendingWindows(
  store: SyncStore,
  feed: ProgressFeed,
  context: RunPacing,
): AsyncGenerator<SyncWindow> {
  let after: SyncWindow | undefined;
  for (;;) {
    const page = await retryCall(context, () => store.pendingWindows(100, after));
    if (page.length === 0) return;
    feed.update((s) => {
      s.windows.planned += page.length;
    });
    yield* page;
    after = page.at(-1);
  }
}
