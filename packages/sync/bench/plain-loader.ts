// The plain loader the fleet bench holds the sync against: the same windows from the same sandbox over
// node:http with a keep-alive agent, `concurrency` at once, each answer read whole and parsed as JSON, and
// nothing else (no store, no pacing, no retries): what the machine can pull with no engine in the way.
import http from 'node:http';
import { type CursorRule, operationRules } from '@svc/client';

export interface LoaderWindow {
  userId: string;
  /** The partner's id of the user, which the loader resolves first as the sync does. */
  clientUserId: string;
  resource: string;
  provider: string;
  start: string;
  end: string;
}

/** The header the sandbox reads the key from (the spec's security scheme). */
const KEY_HEADER = 'x-svc-api-key';
const STEPS = operationRules('getStepsGrouped').pagination as CursorRule;

/**
 * Resolves every user once (as the sync does before it plans), then reads every window; resolves with the
 * requests sent, the points parsed and the seconds it took.
 */
export async function loadWindows(
  baseUrl: string,
  apiKey: string,
  windows: readonly LoaderWindow[],
  concurrency: number,
): Promise<{ requests: number; points: number; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const counts = { requests: 0, points: 0 };
  const get = (path: string, query: Record<string, string>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const url = new URL(path, baseUrl);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      counts.requests++;
      http
        .get(url, { agent, headers: { [KEY_HEADER]: apiKey, accept: 'application/json' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode !== 200)
              return reject(new Error(`${url.pathname}: HTTP ${response.statusCode}`));
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
          });
          response.on('error', reject);
        })
        .on('error', reject);
    });
  const readOne = async (w: LoaderWindow) => {
    const query = { start_date: w.start, end_date: w.end, provider: w.provider };
    if (w.resource !== 'steps') {
      const body = await get(`/v2/summary/${w.resource}/${w.userId}`, query);
      counts.points += (body[w.resource] as unknown[] | undefined)?.length ?? 0;
      return;
    }
    let cursor: string | undefined;
    do {
      const page = await get(`/v2/timeseries/${w.userId}/steps/grouped`, {
        ...query,
        ...(cursor ? { [STEPS.cursorParam]: cursor } : {}),
      });
      const groups = (page[STEPS.items] ?? {}) as Record<string, { data?: unknown[] }[]>;
      for (const group of groups[w.provider] ?? []) counts.points += group.data?.length ?? 0;
      const next = page[STEPS.nextField];
      cursor = typeof next === 'string' && next !== '' ? next : undefined;
    } while (cursor);
  };
  const started = performance.now();
  const users = [...new Set(windows.map((w) => w.clientUserId))];
  await inParallel(users, concurrency, (id) => get(`/v2/user/resolve/${encodeURIComponent(id)}`, {}));
  await inParallel(windows, concurrency, readOne);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...counts, seconds };
}

/** Reads every item, `concurrency` at a time, in order. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  read: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await read(items[next++] as T);
    }),
  );
}
