import { USER_TABLES } from '../stores/erasure-plan.js';
import type { ScrubResult, SyncStore } from '../stores/store.js';

/**
 * Rewrites every table that can hold a user's rows (`svc-sync scrub`): after erasures or retention runs
 * that left it for later (`scrub: 'later'`), e.g. nightly on a large store. See the README for its cost.
 */
export function scrubStore(store: SyncStore): Promise<ScrubResult> {
  return store.scrub(Object.keys(USER_TABLES));
}
