// findFailures: the failed users and windows an operator picked, by client user id and resource.
import { SyncInputError } from '../errors/errors.js';
import { isResource, type ResourceName } from '../resources.js';
import type { FailedWindow, StoredUser, SyncStore } from '../stores/store.js';

/** Which failures: those of these users (client user ids) and of these resources; each left out means all. */
export interface FailureFilter {
  users?: readonly string[];
  resources?: readonly ResourceName[];
}

/** Failures as the store holds them: users whose resolution failed, windows that failed for good. */
export interface Failures {
  users: StoredUser[];
  windows: FailedWindow[];
}

const PAGE = 500;

/** Checks a filter before the store is read: a typo must not select every failure. */
export function checkFilter(filter: FailureFilter): void {
  for (const resource of filter.resources ?? [])
    if (!isResource(resource)) throw new SyncInputError(`unknown resource ${JSON.stringify(resource)}`);
  for (const user of filter.users ?? [])
    if (typeof user !== 'string' || user === '') throw new SyncInputError('users must be client user ids');
}

/**
 * The failures `filter` selects, walked a page at a time. A resource filter selects windows only (a
 * user's resolution failed before any resource was read).
 */
export async function findFailures(store: SyncStore, filter: FailureFilter = {}): Promise<Failures> {
  checkFilter(filter);
  const users = filter.users ? new Set(filter.users) : undefined;
  const resources = filter.resources ? new Set<string>(filter.resources) : undefined;
  const found: Failures = { users: [], windows: [] };
  if (!resources)
    for (let after: string | undefined; ; ) {
      const page = await store.failedUsers(PAGE, after);
      found.users.push(...page.filter((user) => !users || users.has(user.clientUserId)));
      if (page.length < PAGE) break;
      after = page.at(-1)?.clientUserId;
    }
  for (let after: FailedWindow | undefined; ; ) {
    const page = await store.failedWindows(PAGE, after);
    found.windows.push(
      ...page.filter(
        (w) =>
          (!users || (w.clientUserId !== null && users.has(w.clientUserId))) &&
          (!resources || resources.has(w.resource)),
      ),
    );
    if (page.length < PAGE) break;
    after = page.at(-1);
  }
  return found;
}
