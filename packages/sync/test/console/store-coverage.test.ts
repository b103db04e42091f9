// The coverage maps merge a user's overlapping windows (two providers, runs with other days) in the
// database in one ordered pass: each cell must equal a user-by-user, day-by-day count of the same windows
// (failed over pending over complete), on a fleet whose windows overlap, nest, touch and leave gaps.
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { openStore, storeCoverage } from '../../src/index.js';
import { sqliteDatabases } from '../stores/databases.js';

const databases = sqliteDatabases();

const DAY_MS = 86_400_000;
const FIRST = Date.parse('2025-10-01T00:00:00.000Z') / DAY_MS;
const day = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const RANK = { done: 1, pending: 2, failed: 3 } as const;
const USERS = 120;

it('counts every user-day once, as the worst window covering it, however the windows overlap', async () => {
  const address = await databases.fresh();
  await (await openStore(address)).close();
  // A fixed pseudo-random fleet (a linear congruential generator: the same windows every run).
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const worst = new Map<string, number>();
  const db = new Database(address.slice('sqlite:'.length));
  const addWindow = db.prepare(`INSERT OR IGNORE INTO svc_windows (user_id, resource, provider, start_date,
    end_date, as_of, status, generation, updated_at) VALUES (?, ?, ?, ?, ?, 'x', ?, 1, 'x')`);
  const addUser = db.prepare(
    `INSERT INTO svc_users (client_user_id, user_id, providers, updated_at) VALUES (?, ?, '[]', 'x')`,
  );
  for (let user = 0; user < USERS; user++) {
    addUser.run(`c${user}`, `u${user}`);
    for (const resource of ['sleep', 'steps'])
      for (let count = next(6); count > 0; count--) {
        const start = FIRST + next(40);
        const end = start + next(15);
        const status = (['done', 'done', 'pending', 'failed'] as const)[next(4)] as keyof typeof RANK;
        const provider = ['oura', 'garmin'][next(2)] as string;
        if (addWindow.run(`u${user}`, resource, provider, day(start), day(end), status).changes === 0)
          continue;
        for (let d = start; d <= end; d++) {
          const key = `u${user} ${resource} ${d}`;
          worst.set(key, Math.max(worst.get(key) ?? 0, RANK[status]));
        }
      }
  }
  db.close();

  const store = await openStore(address);
  const coverage = await storeCoverage(store);
  await store.close();
  expect(coverage.map(({ resource }) => resource)).toEqual(['sleep', 'steps']);
  for (const map of coverage) {
    const first = Date.parse(`${map.from}T00:00:00.000Z`) / DAY_MS;
    const counted = map.complete.map((_, index) => {
      const counts = [0, 0, 0, 0];
      for (let user = 0; user < USERS; user++) {
        const state = worst.get(`u${user} ${map.resource} ${first + index}`) ?? 0;
        counts[state] = (counts[state] as number) + 1;
      }
      return counts;
    });
    expect({
      users: map.users,
      cells: map.complete.map((_, index) => [
        map.nothingSent[index],
        map.complete[index],
        map.pending[index],
        map.failed[index],
      ]),
    }).toEqual({ users: USERS, cells: counted });
    // The map spans exactly the days some window covers.
    expect(counted[0]?.[0]).toBeLessThan(USERS);
    expect(counted.at(-1)?.[0]).toBeLessThan(USERS);
  }
});
