import type { SyncStore, UserCoverageKey } from '../stores/store.js';

const PAGE = 1_000;

/** The partner's id of every user the store has windows for, by the service's user id (null: known by user id only). */
export async function clientUserIds(store: SyncStore): Promise<Map<string, string | null>> {
  const ids = new Map<string, string | null>();
  for (let after: UserCoverageKey | undefined; ; ) {
    const page = await store.userCoverage(PAGE, after);
    for (const row of page) if (!ids.get(row.userId)) ids.set(row.userId, row.clientUserId);
    if (page.length < PAGE) return ids;
    after = page.at(-1);
  }
}
