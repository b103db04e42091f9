// Issue 32: PostgreSQL restarted (fast shutdown, then started again) under a store in use.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openStore, StoreUnavailableError, type SyncWindow, type WindowRows } from '../../src/index.js';
import type { RunningPostgres } from '../fixtures/servers.js';
import type { Databases } from './databases.js';
import { stepRows, window } from './rows.js';

const rowsOf = (userId: string): WindowRows => {
  const rows = stepRows(1);
  return { steps: rows.steps.map((row) => ({ ...row, userId })), summaries: [] };
};

// The first is committed; the others stay owed.
const WEEKS = [
  ['2025-12-01', '2025-12-07'],
  ['2025-12-08', '2025-12-14'],
  ['2025-12-15', '2025-12-21'],
  ['2025-12-22', '2025-12-28'],
] as const;

/** Waits until `done()` holds, polling; fails after `ms` instead of waiting for ever. */
async function until(done: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export function restartCases(db: Databases, server: () => RunningPostgres) {
  describe('PostgreSQL restarted under a store in use', () => {
    it('fails calls with StoreUnavailableError while it is away, never crashes, and the same store works once it is back', async () => {
      const address = await db.fresh();
      const store = await openStore(address);
      try {
        const failures: unknown[] = [];
        let committed = 0;
        let running = true;
        // Six loops keep connections busy, checked out between statements, and idle in the pool.
        const loop = async (n: number) => {
          for (let i = 0; running && i < 5_000; i++) {
            try {
              // Several statements per transaction: a connection spends time checked out between them.
              const [planned] = await store.planWindows(
                WEEKS.map(([start, end]) => window({ userId: `u-${n}-${i}`, start, end })),
              );
              await store.commitWindow(
                planned as SyncWindow,
                rowsOf(`u-${n}-${i}`),
                '2026-01-05T10:00:00.000Z',
              );
              committed++;
            } catch (error) {
              failures.push(error);
              await sleep(25);
            }
          }
        };
        const loops = Array.from({ length: 6 }, (_, n) => loop(n));
        // Twice: a restart finds a connection checked out between two statements in most runs, not all.
        for (let round = 1; round <= 2; round++) {
          const from = committed;
          await until(() => committed >= from + 30, `work before restart ${round}`);
          const before = server().pid();
          await server().restart(300);
          expect(server().pid()).not.toBe(before);
        }
        const resumedFrom = committed;
        await until(() => committed >= resumedFrom + 30, 'work through the same store after the restarts');
        running = false;
        await Promise.all(loops);

        expect(failures.length).toBeGreaterThan(0);
        const others = failures.filter((failure) => !(failure instanceof StoreUnavailableError));
        expect(others.map(String)).toEqual([]);
        // A window is done with its rows, or still owed with none: never half written.
        const windows = await db.query(
          address,
          `SELECT w.status, coalesce(sum(s.n), 0) AS n FROM svc_windows w LEFT JOIN svc_steps s ON s.user_id = w.user_id
           WHERE w.start_date = '2025-12-01' GROUP BY w.user_id, w.status`,
        );
        for (const row of windows)
          expect(`${row.status}:${row.n}`).toBe(row.status === 'done' ? 'done:3' : 'pending:0');
        expect((await store.status()).rows.steps).toBe(
          3 * windows.filter((row) => row.status === 'done').length,
        );
      } finally {
        await store.close();
      }
    });
  });
}
