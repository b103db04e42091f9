// The users and windows behind one cell of the coverage map, a page at a time by client user id.

import { parseDay } from '../days.js';
import { SyncInputError } from '../errors/errors.js';
import { isResource } from '../resources.js';
import type { SyncStore } from '../stores/store.js';
import { CELL_NOTHING_SENT, CELL_WINDOWS } from './coverage-queries.js';
import { readableStore } from './store-reader.js';

export const CELL_STATES = ['complete', 'pending', 'failed', 'nothingSent'] as const;
export type CellState = (typeof CELL_STATES)[number];

/** One user of a cell, with the windows of the resource that put it there (none for `nothingSent`). */
export interface CellUser {
  clientUserId: string;
  windows: {
    provider: string;
    start: string;
    end: string;
    status: string;
    error: string | null;
    errorStatus: number | null;
  }[];
}

interface CellRow {
  client_user_id: string;
  provider?: string;
  start_date?: string;
  end_date?: string;
  status?: string;
  error?: string | null;
  error_status?: number | null;
}

/** At most this many users per page of a cell: the bound of what one request reads. */
export const CELL_PAGE = 100;

/**
 * The users of `resource` in `state` on `day`, by client user id after `after` (at most CELL_PAGE); bad
 * input is a SyncInputError before anything is read.
 */
export async function coverageCell(
  store: SyncStore,
  cell: { resource: string; day: string; state: string; after?: string },
): Promise<CellUser[]> {
  if (!isResource(cell.resource)) throw new SyncInputError(`unknown resource "${cell.resource}"`);
  const day = parseDay(cell.day);
  if (!day) throw new SyncInputError('day must be a date, YYYY-MM-DD');
  if (!(CELL_STATES as readonly string[]).includes(cell.state))
    throw new SyncInputError(`state must be one of ${CELL_STATES.join(', ')}`);
  const reader = readableStore(store);
  const after = cell.after ?? '';
  const state = cell.state as CellState;
  if (state === 'nothingSent') {
    const rows = await reader.readRows<CellRow>(CELL_NOTHING_SENT, [
      cell.resource,
      day,
      day,
      after,
      CELL_PAGE,
    ]);
    return rows.map((row) => ({ clientUserId: row.client_user_id, windows: [] }));
  }
  const days = state === 'failed' ? [day, day] : [day, day, day, day];
  // Windows, not users, are limited: a page holds at most CELL_PAGE users, the last possibly cut short,
  // so it is dropped unless the page is all there is.
  const limit = CELL_PAGE * 4;
  const rows = await reader.readRows<CellRow>(CELL_WINDOWS[state], [cell.resource, ...days, after, limit]);
  const users = new Map<string, CellUser>();
  for (const row of rows) {
    const user = users.get(row.client_user_id) ?? { clientUserId: row.client_user_id, windows: [] };
    users.set(row.client_user_id, user);
    user.windows.push({
      provider: row.provider as string,
      start: row.start_date as string,
      end: row.end_date as string,
      status: row.status as string,
      error: row.error ?? null,
      errorStatus:
        row.error_status === null || row.error_status === undefined ? null : Number(row.error_status),
    });
  }
  const list = [...users.values()];
  if (rows.length === limit && list.length > 1) list.pop();
  return list.slice(0, CELL_PAGE);
}
