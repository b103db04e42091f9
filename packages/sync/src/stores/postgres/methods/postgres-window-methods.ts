// The PostgreSQL store's sync windows: planning, the pending ones, a window's commit or failure, and
// clearing failed ones.
import { laterOf, planDecision, type SyncWindow } from '../../store.js';
import { failedWindowOf, keyValues, windowOf } from '../../store-rows.js';
import { commitWindowBatch } from '../postgres-window-commit.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

const KEY = 'user_id = $1 AND resource = $2 AND provider = $3 AND start_date = $4 AND end_date = $5';
const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

/** Plans `windows` in one transaction: those owed, each with its generation. */
function planWindows(
  { inTransaction, erasure }: PostgresStoreParts,
  windows: readonly SyncWindow[],
  planOptions: { force?: boolean } | undefined,
): Promise<SyncWindow[]> {
  const force = planOptions?.force ?? false;
  return inTransaction(async (client) => {
    const owed: SyncWindow[] = [];
    // An erased user's windows are not planned (each user's refusal counted once per call).
    const refused = new Map<string, boolean>();
    for (const window of windows) {
      if (!refused.has(window.userId))
        refused.set(window.userId, (await erasure.refuse(client, { userId: window.userId })) !== undefined);
      if (refused.get(window.userId)) continue;
      const inserted = await client.query(
        `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', 1, now()) ON CONFLICT DO NOTHING RETURNING generation`,
        [...keyValues(window), window.asOf],
      );
      if (inserted.rowCount) {
        owed.push({ ...window, generation: 1 });
        continue;
      }
      const { rows } = await client.query<{ status: string; as_of: Date; covered_until: Date | null }>(
        `SELECT status, as_of, covered_until FROM svc_windows WHERE ${KEY} FOR UPDATE`,
        keyValues(window),
      );
      const row = rows[0];
      const existing = row && {
        status: row.status,
        asOf: iso(row.as_of) as string,
        coveredUntil: iso(row.covered_until),
      };
      const decision = planDecision(existing, window, force);
      if (decision === 'skip') continue;
      const asOf = laterOf(existing?.asOf ?? window.asOf, window.asOf);
      const updated = await client.query<{ generation: number }>(
        decision === 'keep'
          ? // A pending window keeps the time it was first owed (`status` tells how long work has waited).
            `UPDATE svc_windows SET as_of = $6 WHERE ${KEY} RETURNING generation`
          : `UPDATE svc_windows SET status = 'pending', as_of = $6, generation = generation + 1, error = NULL,
               error_status = NULL, error_message = NULL, updated_at = now() WHERE ${KEY} RETURNING generation`,
        [...keyValues(window), asOf],
      );
      owed.push({ ...window, asOf, generation: updated.rows[0]?.generation ?? 1 });
    }
    return owed;
  });
}

export function postgresWindowMethods(
  parts: PostgresStoreParts,
): StoreMethods<
  | 'planWindows'
  | 'pendingWindows'
  | 'commitWindow'
  | 'commitWindows'
  | 'failWindow'
  | 'failedWindows'
  | 'clearFailedWindows'
> {
  const { inTransaction, windowsIn, erasure } = parts;
  return {
    planWindows: (windows, planOptions) => planWindows(parts, windows, planOptions),
    pendingWindows: (limit, after) => windowsIn('pending', limit, after, windowOf),
    failedWindows: (limit, after) => windowsIn('failed', limit, after, failedWindowOf),
    clearFailedWindows(windows) {
      return inTransaction(async (client) => {
        let cleared = 0;
        for (const window of windows) {
          // Dealt with by an operator: done, covered to the window's last day (or its run end time), nothing stored.
          const result = await client.query(
            `UPDATE svc_windows SET status = 'done', updated_at = now(),
             covered_until = least(as_of, (end_date::date + 1)::timestamp AT TIME ZONE 'UTC')
             WHERE ${KEY} AND status = 'failed'`,
            keyValues(window),
          );
          cleared += result.rowCount ?? 0;
        }
        return cleared;
      });
    },
    async commitWindow(window, rows, fetchedAt) {
      await inTransaction((client) => commitWindowBatch(client, erasure, [{ window, rows, fetchedAt }]), {
        beganByWork: true,
      });
    },
    async commitWindows(commits) {
      if (commits.length > 0)
        await inTransaction((client) => commitWindowBatch(client, erasure, commits), { beganByWork: true });
    },
    async failWindow(window, failure) {
      await inTransaction(async (client) => {
        if (await erasure.refuse(client, { userId: window.userId })) return;
        await client.query(
          `UPDATE svc_windows SET status = 'failed', error = $6, error_status = $7, error_message = $8, updated_at = now()
           WHERE ${KEY}`,
          [...keyValues(window), failure.error, failure.status, failure.message],
        );
      });
    },
  };
}
