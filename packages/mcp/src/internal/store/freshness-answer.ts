import { findFailures, readFleetStatus, type SyncStore } from '@svc/sync';
import type { Answer } from './store-answer.js';
import { freshnessText } from './store-text.js';

/** `store_freshness`: the fleet's status as `svc-sync status` reads it, and a page of its failures. */
export async function freshnessAnswer(store: SyncStore, args: Record<string, unknown>): Promise<Answer> {
  const fleet = await readFleetStatus(store, {
    ...(typeof args.complete_to === 'string' ? { completeTo: args.complete_to } : {}),
    worst: (args.worst as number | undefined) ?? 5,
  });
  const failed = await findFailures(store);
  const offset = Number(args.cursor ?? 0);
  const limit = (args.failures as number | undefined) ?? 10;
  // Users first, then windows: one list, paged by one cursor.
  const listed = [
    ...failed.users.map((user) => ({
      kind: 'user' as const,
      item: { client_user_id: user.clientUserId, error: user.error },
    })),
    ...failed.windows.map(({ failure: why, ...window }) => ({
      kind: 'window' as const,
      item: { ...window, ...why },
    })),
  ].slice(offset, offset + limit);
  const total = failed.users.length + failed.windows.length;
  return {
    total,
    items: listed.length,
    offset,
    page: (shown, more) => {
      const page = listed.slice(0, shown);
      const failures = {
        users_total: failed.users.length,
        windows_total: failed.windows.length,
        users: page.filter((entry) => entry.kind === 'user').map((entry) => entry.item),
        windows: page.filter((entry) => entry.kind === 'window').map((entry) => entry.item),
      };
      return {
        structured: { fleet, failures },
        text: freshnessText(fleet, failures, more),
      };
    },
  };
}
