// The SDK client alone, the fleet bench's third contender: the same users and windows as the plain loader,
// read through @svc/client's named calls (the steps timeseries walked page by page with `.pages()`, one
// call per summary window), `concurrency` at once, each answer parsed, nothing stored. Between the plain
// loader and the sync it tells the client's share of the gap from the engine's (store, planning, progress).
import { createClient } from '@svc/client';
import type { SummaryResource } from '../src/resources.js';
import { inParallel, type LoaderWindow } from './plain-loader.js';

/** The client's call for a summary resource (`sleep`: `getSleepSummary`), as the sync's client type names it. */
export const summaryCall = (resource: SummaryResource) =>
  `get${resource[0]?.toUpperCase()}${resource.slice(1)}Summary` as `get${Capitalize<SummaryResource>}Summary`;

/**
 * Resolves every user once, then reads every window through the client (no retries: a failure fails the
 * bench); resolves with the requests sent and the seconds it took.
 */
export async function loadWindowsWithClient(
  baseUrl: string,
  apiKey: string,
  windows: readonly LoaderWindow[],
  concurrency: number,
): Promise<{ requests: number; seconds: number }> {
  const client = createClient({ apiKey, baseUrl, maxRetries: 0 });
  let requests = 0;
  const readOne = async (w: LoaderWindow) => {
    const params = { user_id: w.userId, start_date: w.start, end_date: w.end, provider: w.provider };
    if (w.resource === 'steps') {
      for await (const _page of client.getStepsGrouped(params).pages()) requests++;
      return;
    }
    requests++;
    await client[summaryCall(w.resource as SummaryResource)](params);
  };
  const started = performance.now();
  const users = [...new Set(windows.map((w) => w.clientUserId))];
  await inParallel(users, concurrency, async (id) => {
    requests++;
    await client.resolveUser({ client_user_id: id });
  });
  await inParallel(windows, concurrency, readOne);
  return { requests, seconds: (performance.now() - started) / 1000 };
}
