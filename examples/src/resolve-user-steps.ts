// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Resolve your user id to the service's user, then read a month of steps, page by page to the last.
// Run: pnpm --filter @svc/examples steps [client-user-id]   (SVC_BASE_URL defaults to the local sandbox)
import { paginate } from '@svc/pagination';
import { client } from './target.js';

const clientUserId = process.argv[2] ?? 'team-user-0042';
const user = await client.resolveUser({ client_user_id: clientUserId });
console.log(`${clientUserId} is user ${user.user_id}`);

const month = { user_id: user.user_id, start_date: '2025-12-01', end_date: '2025-12-31' };
const totals = new Map<string, { points: number; steps: number }>();
// One page in memory at a time; the next page is requested when this loop reaches it, and the walk
// ends when the service answers next_cursor: null.
const pages = paginate(client).getStepsGrouped(month);
for await (const { provider, point } of pages) {
  const total = totals.get(provider) ?? { points: 0, steps: 0 };
  total.points += 1;
  total.steps += point.value;
  totals.set(provider, total);
}

for (const [provider, { points, steps }] of totals) {
  console.log(`${provider}: ${steps} steps in ${points} points (December 2025)`);
}
