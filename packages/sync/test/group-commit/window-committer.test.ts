// Issue 49: the run's group commit. Windows read are committed in batches of whatever is ready, bounded
// in size and in how long a window waits; a window is done only once its batch committed, a batch that
// fails fails each of its windows, and a full batch waiting says the commits are behind.
import { describe, expect, it } from 'vitest';
import type { SyncStore, SyncWindow, WindowCommit } from '../../src/index.js';
import { type CommitBounds, WindowCommitter } from '../../src/internal/run/window-committer.js';
import { sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

const commitOf = (n: number, points = 1): WindowCommit => ({
  window: {
    userId: `u-${n}`,
    resource: 'steps',
    provider: 'oura',
    start: '2025-12-01',
    end: '2025-12-01',
    asOf: '2026-01-05T09:00:00.000Z',
  } satisfies SyncWindow,
  rows: {
    steps: Array.from({ length: points }, (_, hour) => ({
      userId: `u-${n}`,
      provider: 'oura',
      start: new Date(Date.UTC(2025, 11, 1, hour)).toISOString(),
      end: new Date(Date.UTC(2025, 11, 1, hour, 59, 59)).toISOString(),
      unit: 'count',
      value: n,
    })),
    summaries: [],
  },
  fetchedAt: '2026-01-05T10:00:00.000Z',
});

/** A committer over `commitBatch` that records each batch's users. */
function recording(
  bounds: CommitBounds,
  commitBatch: (commits: WindowCommit[]) => Promise<void> = async () => {},
) {
  const batches: string[][] = [];
  const committer = new WindowCommitter(async (commits) => {
    batches.push(commits.map((c) => c.window.userId));
    await commitBatch(commits);
  }, bounds);
  return { committer, batches };
}

describe('group commit', () => {
  it('commits what is ready together, never more windows or points than its bounds', async () => {
    const { committer, batches } = recording({ maxWindows: 4, maxPoints: 10, maxWaitMs: 5 });
    // Ten windows ready at once: batches of four, four and two.
    await Promise.all(Array.from({ length: 10 }, (_, n) => committer.commit(commitOf(n))));
    expect(batches.map((b) => b.length)).toEqual([4, 4, 2]);
    // Points bound a batch too: 6 + 6 do not fit in 10, and one window larger than the bound goes alone.
    batches.length = 0;
    await Promise.all([commitOf(0, 6), commitOf(1, 6), commitOf(2, 24)].map((c) => committer.commit(c)));
    expect(batches).toEqual([['u-0'], ['u-1'], ['u-2']]);
  });

  it('commits a lone window once it has waited its bound, and a window is done only once its batch committed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { committer, batches } = recording({ maxWindows: 64, maxPoints: 20_000, maxWaitMs: 5 }, () => held);
    let done = false;
    const first = committer.commit(commitOf(1)).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([['u-1']]);
    expect(done).toBe(false);
    // Windows read while a batch commits form the next one, started as soon as it ends.
    const later = [committer.commit(commitOf(2)), committer.commit(commitOf(3))];
    release();
    await first;
    await Promise.all(later);
    expect(done).toBe(true);
    expect(batches).toEqual([['u-1'], ['u-2', 'u-3']]);
  });

  it('is backlogged once a full batch waits behind the one committing, and no longer once it went', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { committer, batches } = recording({ maxWindows: 2, maxPoints: 20_000, maxWaitMs: 5 }, () => held);
    // Two windows fill a batch, which starts at once and is held.
    const running = [committer.commit(commitOf(0)), committer.commit(commitOf(1))];
    expect(batches).toEqual([['u-0', 'u-1']]);
    const waiting = [committer.commit(commitOf(2))];
    expect(committer.backlogged).toBe(false);
    waiting.push(committer.commit(commitOf(3)));
    expect(committer.backlogged).toBe(true);
    release();
    await Promise.all([...running, ...waiting]);
    expect(committer.backlogged).toBe(false);
    expect(batches).toEqual([
      ['u-0', 'u-1'],
      ['u-2', 'u-3'],
    ]);
  });

  it('fails every window of a failed batch with its error, and commits the next batch', async () => {
    let calls = 0;
    const { committer } = recording({ maxWindows: 2, maxPoints: 20_000, maxWaitMs: 5 }, async () => {
      if (calls++ === 0) throw new Error('the database went away');
    });
    const outcomes = await Promise.allSettled([0, 1, 2].map((n) => committer.commit(commitOf(n))));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toEqual(new Error('the database went away'));
  });

  it('a backfill commits its windows in batches, rows exactly the sandbox', async () => {
    const { sandbox, client } = sandboxClient();
    const { store, address } = await stores.open();
    const batchSizes: number[] = [];
    const counted = new Proxy(store, {
      get(target, name) {
        if (name === 'commitWindows')
          return (commits: WindowCommit[]) => {
            batchSizes.push(commits.length);
            return target.commitWindows(commits);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as SyncStore;
    const users = ['alice', 'bob', 'carol', 'dave'];
    const sync = sandboxSync(sandbox, client, counted, { resources: ['steps', 'sleep', 'activity'] });
    const result = await sync.backfill({ users, from: '2025-12-01', to: '2025-12-31' }).result;
    expect(result.status).toBe('done');
    const windows = result.progress.windows.planned;
    // Every window went through a batch, and windows read together were committed together.
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(windows);
    expect(batchSizes.length).toBeLessThan(windows);
    expect(await windowCounts(address)).toEqual({ done: windows });
    const truth = await sandboxTruth(
      client,
      users,
      ['steps', 'sleep', 'activity'],
      '2025-12-01',
      '2025-12-31',
    );
    expect(await storedRows(address)).toEqual(truth);
  });
});
