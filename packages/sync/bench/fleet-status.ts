// The fleet status bench: readFleetStatus over N users × 6 resources × 4 weekly windows in SQLite (every
// 7th user's last week left pending), built through the store's own calls. Figures: the time of one
// read and the process's RSS after it. Env: BENCH_ONLY (runs when unset or naming `fleet-status`),
// BENCH_STATUS_USERS (2000).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { openStore, type ResourceName, readFleetStatus, type SyncWindow } from '../src/index.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('fleet-status')) process.exit(0);

const USERS = Number(process.env.BENCH_STATUS_USERS ?? 2000);
const RESOURCES: ResourceName[] = ['steps', 'sleep', 'activity', 'body', 'workouts', 'meal'];
const WEEKS = [
  ['2025-12-01', '2025-12-07'],
  ['2025-12-08', '2025-12-14'],
  ['2025-12-15', '2025-12-21'],
  ['2025-12-22', '2025-12-28'],
] as const;
const AS_OF = '2025-12-29T08:00:00.000Z';

const dir = mkdtempSync(join(os.tmpdir(), 'svc-bench-status-'));
const store = await openStore(`sqlite:${join(dir, 'status.db')}`);
try {
  for (let n = 0; n < USERS; n++) {
    const userId = `id-${n}`;
    await store.saveUser({ clientUserId: `user-${n}`, userId, providers: ['oura'], error: null });
    const windows: SyncWindow[] = RESOURCES.flatMap((resource) =>
      WEEKS.map(([start, end]) => ({ userId, resource, provider: 'oura', start, end, asOf: AS_OF })),
    );
    for (const window of await store.planWindows(windows))
      if (n % 7 !== 0 || window.start !== '2025-12-22')
        await store.commitWindow(window, { steps: [], summaries: [] }, AS_OF);
  }
  const started = performance.now();
  const status = await readFleetStatus(store, { completeTo: '2025-12-28', now: new Date(AS_OF) });
  const ms = Math.round(performance.now() - started);
  const expected = { total: USERS, behind: Math.ceil(USERS / 7) };
  if (status.users.total !== expected.total || status.users.behind !== expected.behind)
    throw new Error(`read ${JSON.stringify(status.users)}, expected ${JSON.stringify(expected)}`);
  process.stdout.write(
    `readFleetStatus: ${USERS} users × ${RESOURCES.length * WEEKS.length} windows in ${ms} ms; ` +
      `RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB; load ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
