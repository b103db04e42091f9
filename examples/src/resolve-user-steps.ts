// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Resolve your user id to the service's user, then read a month of steps, page by page.
// Run: pnpm --filter @svc/examples steps [client-user-id]   (SVC_BASE_URL defaults to the local mock)
import { createClient } from '@svc/client';
import { paginate, RepeatedCursorError } from '@svc/pagination';

const client = createClient({
  apiKey: process.env.SVC_API_KEY ?? 'sk-test', // any key works against the mock
  baseUrl: process.env.SVC_BASE_URL ?? 'http://127.0.0.1:4010',
});

const clientUserId = process.argv[2] ?? 'team-user-0042';
const user = await client.resolveUser({ client_user_id: clientUserId });
console.log(`${clientUserId} is user ${user.user_id}`);

const month = { user_id: user.user_id, start_date: '2026-11-01', end_date: '2026-11-30' };
const totals = new Map<string, { points: number; steps: number }>();
try {
  // One page in memory at a time; the next page is requested when this loop reaches it.
  for await (const { provider, point } of paginate(client).getStepsGrouped(month)) {
    const total = totals.get(provider) ?? { points: 0, steps: 0 };
    total.points += 1;
    total.steps += point.value;
    totals.set(provider, total);
  }
} catch (error) {
  // A walk never loops forever: a cursor the service already sent ends it with this error. The mock
  // always does that (it holds no state and serves its one example page for every cursor, so its
  // totals count that page twice); the service ends a walk with next_cursor: null instead.
  if (!(error instanceof RepeatedCursorError)) throw error;
  console.log(`stopped after ${error.pagesYielded} page(s): cursor ${error.cursor} came back a second time`);
}

for (const [provider, { points, steps }] of totals) {
  console.log(`${provider}: ${steps} steps in ${points} points (November 2026)`);
}
