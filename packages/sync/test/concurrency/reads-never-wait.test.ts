// Issue 49: reading never waits on the store or on planning. A window read frees its read slot before its
// commit (while the group commit's backlog is under its bound), the next batch of users is resolved
// while the windows of the batch before are read, and a user at the per-user cap does not hold back the
// windows of other users.
import { describe, expect, it } from 'vitest';
import type { SyncStore, WindowCommit } from '../../src/index.js';
import { userBatchOf } from '../../src/internal/plan/backfill-windows.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const limits = { initialConcurrency: 2, maxConcurrency: 2, perUser: 2 };

/** A gate a test opens once: until then every wait on it waits. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves once `check` holds, or after `ms` (the test's expectation then says what was seen). */
async function soon(check: () => boolean, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !check() && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 5));
}

const isResolve = (request: Request) => new URL(request.url).pathname.startsWith('/v2/user/resolve/');

describe('reads never wait on the store or on planning', () => {
  it('goes on reading windows while a batch commits, two at a time, and stores them all', async () => {
    let reads = 0;
    const { sandbox, client } = sandboxClient({
      wrap: (fetch) =>
        (async (request: Request) => {
          if (!isResolve(request)) reads++;
          return fetch(request);
        }) as typeof globalThis.fetch,
    });
    const { store, address } = await stores.open();
    const held = gate();
    let commits = 0;
    const slowStore = new Proxy(store, {
      get(target, name) {
        if (name === 'commitWindows')
          return async (batch: WindowCommit[]) => {
            // The first batch waits until the test has counted the reads made meanwhile.
            if (commits++ === 0) await held.opened;
            return target.commitWindows(batch);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as SyncStore;
    const users = ['alice', 'bob', 'carol'];
    const sync = sandboxSync(sandbox, client, slowStore, { resources: ['sleep', 'activity'], limits });
    const run = sync.backfill({ users, from: '2025-01-01', to: '2025-12-31' });
    // Two slots: a run whose windows kept their slots until committed would read two windows and wait.
    await soon(() => commits === 1 && reads >= 10 * limits.maxConcurrency);
    const whileHeld = { commits, reads };
    held.open();
    const result = await run.result;
    expect(whileHeld.commits).toBe(1);
    expect(whileHeld.reads).toBeGreaterThanOrEqual(10 * limits.maxConcurrency);
    expect(result.status).toBe('done');
    expect(await storedRows(address)).toEqual(
      await sandboxTruth(client, users, ['sleep', 'activity'], '2025-01-01', '2025-12-31'),
    );
  });

  it("a user at the per-user cap does not hold back other users' windows", async () => {
    // One window per user at once and four slots: while alice's first read is held, her next window must
    // wait, and every window of bob's and carol's behind it must still be read meanwhile.
    const capped = { initialConcurrency: 4, maxConcurrency: 4, perUser: 1 };
    const range = { from: '2025-01-01', to: '2025-12-31' };
    const alice = gate();
    let aliceId: string | undefined;
    let others = 0;
    const { sandbox, client } = sandboxClient({
      wrap: (fetch) =>
        (async (request: Request) => {
          const path = new URL(request.url).pathname;
          if (isResolve(request)) {
            const response = await fetch(request);
            if (path.endsWith('/alice'))
              aliceId = ((await response.clone().json()) as { user_id: string }).user_id;
            return response;
          }
          if (aliceId !== undefined && path.includes(aliceId)) await alice.opened;
          else others++;
          return fetch(request);
        }) as typeof globalThis.fetch,
    });
    // Bob's and carol's windows, read alone first into a store of their own.
    const alone = await stores.open();
    const sleep = { resources: ['sleep' as const], limits: capped };
    await sandboxSync(sandbox, client, alone.store, sleep).backfill({ users: ['bob', 'carol'], ...range })
      .result;
    const theirs = others;
    others = 0;
    const { store } = await stores.open();
    const run = sandboxSync(sandbox, client, store, sleep).backfill({
      users: ['alice', 'bob', 'carol'],
      ...range,
    });
    await soon(() => others === theirs, 5_000);
    const whileHeld = others;
    alice.open();
    const result = await run.result;
    expect(theirs).toBeGreaterThan(8);
    expect(whileHeld).toBe(theirs);
    expect(result.status).toBe('done');
    expect(result.progress.windows.done).toBe(result.progress.windows.planned);
  });

  it('resolves the next batch of users while the windows of the batch before are read', async () => {
    const batch = userBatchOf({ ...DEFAULT_LIMITS, ...limits });
    const users = Array.from({ length: 2 * batch }, (_, i) => `user-${i}`);
    const reads = gate();
    let resolved = 0;
    const { sandbox, client } = sandboxClient({
      wrap: (fetch) =>
        (async (request: Request) => {
          if (isResolve(request)) resolved++;
          // Every window read waits until the test has seen what was resolved meanwhile.
          else await reads.opened;
          return fetch(request);
        }) as typeof globalThis.fetch,
    });
    const { store } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['sleep'], limits });
    const run = sync.backfill({ users, from: '2025-12-01', to: '2025-12-31' });
    await soon(() => resolved === users.length);
    const resolvedWhileReading = resolved;
    reads.open();
    const result = await run.result;
    expect(resolvedWhileReading).toBe(users.length);
    expect(result.status).toBe('done');
    expect(result.progress.users.planned).toBe(users.length);
  });

  it('a run stopped while the next batch is planned ends only once that planning has: no store write after', async () => {
    const batch = userBatchOf({ ...DEFAULT_LIMITS, ...limits });
    const users = Array.from({ length: 2 * batch }, (_, i) => `user-${i}`);
    const { sandbox, client } = sandboxClient();
    const { store } = await stores.open();
    let ended = false;
    let plannedUsers = 0;
    const lateWrites: string[] = [];
    const watched = new Proxy(store, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          // The second batch's users are recorded slowly: the run is stopped meanwhile.
          if (name === 'planWindows' && plannedUsers++ >= batch)
            await new Promise((resolve) => setTimeout(resolve, 300));
          if (ended) lateWrites.push(String(name));
          return value.apply(target, args);
        };
      },
    }) as SyncStore;
    const stopper = new AbortController();
    const sync = sandboxSync(sandbox, client, watched, { resources: ['sleep'], limits });
    // A year of sleep: the first batch's windows are still being read when the run is stopped.
    const run = sync.backfill({ users, from: '2025-01-01', to: '2025-12-31', signal: stopper.signal });
    let stoppedAt = Number.POSITIVE_INFINITY;
    setTimeout(() => {
      stoppedAt = performance.now();
      stopper.abort();
    }, 100);
    // A stopped run rejects with the abort.
    const stopped = await run.result.then(
      () => 'done',
      (error: Error) => error.name,
    );
    ended = true;
    const stoppedAfter = performance.now() - stoppedAt;
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(stopped).toBe('AbortError');
    expect(lateWrites).toEqual([]);
    // Stopped promptly: the user being recorded finishes (300 ms), the batch's 7 others are not recorded.
    expect(stoppedAfter).toBeLessThan(1_500);
  });
});
