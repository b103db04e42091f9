// Issue 34: a backfill's progress counts n of N users and estimates the whole run, not the batch planned.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSync } from '../../src/index.js';
import { ProgressFeed } from '../../src/progress.js';
import { sandboxClient, TEAM } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
afterEach(() => vi.useRealTimers());

describe('progress', () => {
  it('issue 34: estimates the time left for every user of the run, from the windows its users so far needed', () => {
    vi.useFakeTimers({ now: 0 });
    const feed = new ProgressFeed(true);
    feed.update((s) => {
      s.users.total = 100;
      s.users.planned = 10; // one batch: 10 users, 40 windows
      s.windows.planned = 40;
      s.windows.done = 20;
    });
    vi.setSystemTime(20_000); // 20 windows in 20 s
    // 100 users need about 400 windows: 380 left at one a second. The batch alone would say 20 s.
    expect(feed.snapshot().etaMs).toBe(380_000);
    feed.update((s) => {
      s.users.total = undefined;
    });
    expect(feed.snapshot().etaMs).toBeUndefined(); // a stream of users: no honest estimate
  });

  it('counts users of an array as n of N, and of a stream as n so far', async () => {
    const { client } = sandboxClient();
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['sleep'] });
    const range = { from: '2025-12-01', to: '2025-12-02' };
    const counted = await sync.backfill({ users: ['alice', 'bob', 'carol'], ...range }).result;
    expect(counted.progress.users).toEqual({ planned: 3, failed: 0, deferred: 0, total: 3, failedIds: [] });
    const stream = (function* () {
      yield 'alice';
      yield 'dave';
    })();
    const streamed = await sync.backfill({ users: stream, ...range }).result;
    expect(streamed.progress.users).toEqual({
      planned: 2,
      failed: 0,
      deferred: 0,
      total: undefined,
      failedIds: [],
    });
    const told = await sync.backfill({ users: stream, userCount: 7, ...range }).result;
    expect(told.progress.users.total).toBe(7);
  });
});
