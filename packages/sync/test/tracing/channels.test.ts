// Issue 34: the sync's windows and lag as any subscriber sees them (@svc/otel is one): one message per
// window with its outcome and what it took, each resource's lag after a run, never a user id.
import { channel, tracingChannel } from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSync,
  LAG_CHANNEL,
  type LagMessage,
  readFleetStatus,
  WINDOW_CHANNEL,
  type WindowMessage,
} from '../../src/index.js';
import { type FaultRule, status, tooMany, withFaults } from '../fixtures/faults.js';
import { SANDBOX_NOW, sandboxClient, TEAM } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const windows = tracingChannel<unknown, WindowMessage>(WINDOW_CHANNEL);
const ended: WindowMessage[] = [];
const events: string[] = [];
const ignore = () => {};
const subscribers = {
  start: () => events.push('start'),
  end: ignore,
  asyncStart: ignore,
  asyncEnd: (message: WindowMessage) => {
    events.push('asyncEnd');
    ended.push({ ...message });
  },
  error: () => events.push('error'),
};
const lags: LagMessage[] = [];
const onLag = (message: unknown) => lags.push(message as LagMessage);
const fast = { baseBackoffMs: 1, maxBackoffMs: 5 };
const range = { from: '2025-12-20', to: '2026-01-04' };

afterEach(() => {
  windows.unsubscribe(subscribers);
  channel(LAG_CHANNEL).unsubscribe(onLag);
  ended.length = 0;
  events.length = 0;
  lags.length = 0;
});

function setup(rule: FaultRule | undefined) {
  const faults = withFaults({ current: rule });
  return sandboxClient({ wrap: faults.wrap });
}

describe('the sync channels', () => {
  it('issue 34: publishes each window with its rows and requests, by resource and days, never its user', async () => {
    windows.subscribe(subscribers);
    const { client } = setup(undefined);
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['steps', 'sleep'], limits: fast });
    const run = await sync.backfill({ users: ['alice', 'bob'], ...range }).result;
    expect(run.status).toBe('done');
    expect(ended).toHaveLength(run.progress.windows.done);
    expect(events.filter((event) => event === 'start')).toHaveLength(ended.length);
    const sleep = ended.filter((message) => message.resource === 'sleep');
    expect(sleep[0]).toEqual({
      resource: 'sleep',
      provider: expect.any(String),
      start: range.from,
      end: range.to,
      outcome: 'done',
      rows: expect.any(Number),
      requests: 1,
      rateLimited: 0,
      retries: 0,
    });
    // A steps window reads a page per day.
    const steps = ended.find((message) => message.resource === 'steps');
    expect(steps?.requests).toBeGreaterThan(1);
    expect(ended.reduce((sum, message) => sum + message.rows, 0)).toBe(run.progress.points);
    const published = JSON.stringify(ended);
    for (const name of ['alice', 'bob']) {
      const user = await client.resolveUser({ client_user_id: name });
      expect(published).not.toContain(user.user_id);
      expect(published).not.toContain(name);
    }
  });

  it('issue 34: counts 429s and retries per window, and names the error a window was left pending or failed with', async () => {
    windows.subscribe(subscribers);
    let sleepReads = 0;
    const { client } = setup((request) => {
      if (request.url.includes('/summary/sleep/')) return ++sleepReads === 1 ? tooMany(0) : undefined;
      if (request.url.includes('/summary/body/')) return status(404);
      return undefined;
    });
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['sleep', 'body'], limits: fast });
    const run = await sync.backfill({ users: ['carol'], ...range }).result;
    expect(run.progress.windows).toMatchObject({ done: 1, failed: 1 });
    expect(ended.find((message) => message.resource === 'sleep')).toMatchObject({
      outcome: 'done',
      requests: 2,
      rateLimited: 1,
      retries: 1,
    });
    expect(ended.find((message) => message.resource === 'body')).toMatchObject({
      outcome: 'failed',
      errorType: 'NotFoundError',
      rows: 0,
    });
  });

  it('issue 44: publishes each resource’s freshness after a run, as readFleetStatus (and `svc-sync status`) reads it', async () => {
    channel(LAG_CHANNEL).subscribe(onLag);
    const { client } = setup(undefined);
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['steps', 'sleep'], limits: fast });
    await sync.backfill({ users: ['dave'], ...range }).result;
    // The run measures to the start of the service's today: the sandbox's.
    const fleet = await readFleetStatus(store, { now: new Date(SANDBOX_NOW) });
    expect(lags).toEqual(
      Object.entries(fleet.resources).map(([resource, figures]) => ({
        resource,
        lagMs: figures.lagMs,
        users: figures.users,
        usersBehind: figures.behind,
        pendingDays: figures.holes.pendingDays,
        failedDays: figures.holes.failedDays,
      })),
    );
    const measured = lags.filter((entry) => entry.users > 0).map((entry) => entry.resource);
    expect(measured.sort()).toEqual(['sleep', 'steps']);
    expect(JSON.stringify(lags)).not.toContain('dave');
  });

  it('asks the store for nothing and publishes nothing while nobody listens', async () => {
    const { client } = setup(undefined);
    const { store } = await stores.open();
    let asked = 0;
    const counting = {
      ...store,
      resourceStatus: () => {
        asked++;
        return store.resourceStatus();
      },
    };
    const sync = createSync({ client, store: counting, team: TEAM, resources: ['sleep'], limits: fast });
    await sync.backfill({ users: ['erin'], ...range }).result;
    expect(asked).toBe(0);
    expect(ended).toEqual([]);
  });
});
