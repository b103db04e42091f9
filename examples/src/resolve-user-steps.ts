// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Resolve your user id to the service's user, then read last month's steps, page by page to the last.
// Run: pnpm --filter @svc/examples steps [client-user-id]   (SVC_BASE_URL defaults to the local sandbox)
import { client, isSandbox, sandbox } from './target.js';

const clientUserId = process.argv[2] ?? 'team-user-0042';
const user = await client.resolveUser({ client_user_id: clientUserId });
console.log(`${clientUserId} is user ${user.user_id}`);

// "Last month" by the sandbox's clock against the sandbox (it may be frozen, or jumped ahead), else today's.
const today = isSandbox ? new Date((await sandbox.clock.get()).now) : new Date();
const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
const day = (date: Date) => date.toISOString().slice(0, 10);
const label = first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const month = { user_id: user.user_id, start_date: day(first), end_date: day(last) };
const totals = new Map<string, { points: number; steps: number }>();
// The call is itself the walk: one page in memory at a time, the next page requested when this loop
// reaches it, and the walk ends when the service answers next_cursor: null (or after maxPages pages).
for await (const { provider, point } of client.getStepsGrouped(month, { maxPages: 100 })) {
  const total = totals.get(provider) ?? { points: 0, steps: 0 };
  total.points += 1;
  total.steps += point.value;
  totals.set(provider, total);
}

for (const [provider, { points, steps }] of totals) {
  console.log(`${provider}: ${steps} steps in ${points} points (${label})`);
}
