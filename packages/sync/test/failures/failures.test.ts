import { AuthenticationError } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { createSync } from '../../src/index.js';
import { type FaultRule, status, tooMany, withFaults } from '../fixtures/faults.js';
import { sandboxClient, sandboxSync, TEAM } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const isData = (request: Request) => !request.url.includes('/user/resolve/');
const fast = { baseBackoffMs: 1, maxBackoffMs: 50 };

function setup(rule: { current: FaultRule | undefined }) {
  const faults = withFaults(rule);
  const { sandbox, client } = sandboxClient({ wrap: faults.wrap });
  return { faults, sandbox, client };
}

describe('errors while reading', () => {
  it('a rate-limited run ends incomplete, never done, and running it again completes it exactly', async () => {
    const rule = {
      current: ((request: Request) => (isData(request) ? tooMany(0) : undefined)) as FaultRule | undefined,
    };
    const { sandbox, client } = setup(rule);
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, {
      resources: ['steps', 'sleep'],
      limits: { ...fast, maxAttempts: 2 },
    });
    const input = { users: ['alice', 'bob'], from: '2025-12-20', to: '2026-01-04' };
    const first = await sync.backfill(input).result;
    expect(first.status).toBe('incomplete');
    expect(first.progress.rateLimited).toBeGreaterThan(0);
    expect(first.progress.windows.deferred).toBe(first.progress.windows.planned);
    expect((await store.status()).pending).toBe(first.progress.windows.planned);

    rule.current = undefined;
    const second = await sync.backfill(input).result;
    expect(second.status).toBe('done');
    expect(await storedRows(address)).toEqual(
      await sandboxTruth(client, input.users, ['steps', 'sleep'], input.from, input.to),
    );
    expect(await windowCounts(address)).toEqual({ done: first.progress.windows.planned });
  });

  it('retries a 503 and honours Retry-After', async () => {
    const times: number[] = [];
    let refusals = 1;
    const rule = {
      current: ((request: Request) => {
        if (!isData(request)) return undefined;
        times.push(Date.now());
        if (refusals-- > 0) return new Response('busy', { status: 503, headers: { 'retry-after': '1' } });
        return undefined;
      }) as FaultRule,
    };
    const { sandbox, client } = setup(rule);
    const { store } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, {
      resources: ['sleep'],
      limits: { initialConcurrency: 1, maxConcurrency: 1 },
    });
    const result = await sync.backfill({ users: ['alice'], from: '2025-12-20', to: '2026-01-04' }).result;
    expect(result.status).toBe('done');
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
  });

  it('records a permanent error per window with its typed error, and the rest goes on', async () => {
    const rule = {
      current: ((request: Request) =>
        request.url.includes('/summary/sleep/') ? status(422) : undefined) as FaultRule,
    };
    const { sandbox, client } = setup(rule);
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'], limits: fast });
    const users = ['alice', 'bob', 'unknown_dave'];
    const result = await sync.backfill({ users, from: '2025-12-20', to: '2026-01-04' }).result;
    expect(result.status).toBe('done_with_failures');
    expect(result.progress.users.failed).toBe(1);
    const statusNow = await store.status();
    expect(statusNow).toMatchObject({ failed: 2, pending: 0, failedUsers: 1 });
    // Everything else is stored: every steps row, no sleep row.
    const truth = await sandboxTruth(client, ['alice', 'bob'], ['steps'], '2025-12-20', '2026-01-04');
    expect(await storedRows(address)).toEqual(truth);
  });

  it("records an answer over the client's size limit for its window, and the rest goes on", async () => {
    // 1.5 MB of JSON for every sleep read, over a client capped at 1 MiB.
    const huge = JSON.stringify({ sleep: [{ note: 'x'.repeat(1_500_000) }], next_cursor: null });
    const rule = {
      current: ((request: Request) =>
        request.url.includes('/summary/sleep/')
          ? new Response(huge, { status: 200, headers: { 'content-type': 'application/json' } })
          : undefined) as FaultRule,
    };
    const faults = withFaults(rule);
    const { sandbox, client } = sandboxClient({ wrap: faults.wrap, maxResponseBytes: 1024 * 1024 });
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'], limits: fast });
    const result = await sync.backfill({ users: ['alice'], from: '2025-12-20', to: '2026-01-04' }).result;
    expect(result.status).toBe('done_with_failures');
    expect(await store.status()).toMatchObject({ failed: 1, pending: 0, failedUsers: 0 });
    const truth = await sandboxTruth(client, ['alice'], ['steps'], '2025-12-20', '2026-01-04');
    expect(await storedRows(address)).toEqual(truth);
  });

  it('stops the run when the service refuses the key', async () => {
    const rule = { current: (() => status(401)) as FaultRule };
    const { client } = setup(rule);
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, limits: fast });
    await expect(
      sync.backfill({ users: ['alice'], from: '2025-12-01', to: '2025-12-31' }).result,
    ).rejects.toThrow(AuthenticationError);
  });

  it('retries a dropped connection with backoff', async () => {
    let drops = 2;
    const rule = {
      current: ((request: Request) => {
        if (isData(request) && drops-- > 0) throw new TypeError('fetch failed');
        return undefined;
      }) as FaultRule,
    };
    const { sandbox, client } = setup(rule);
    const { store, address } = await stores.open();
    const sync = sandboxSync(sandbox, client, store, { resources: ['body'], limits: fast });
    expect(
      (await sync.backfill({ users: ['alice'], from: '2025-12-01', to: '2026-01-04' }).result).status,
    ).toBe('done');
    expect(await storedRows(address)).toEqual(
      await sandboxTruth(client, ['alice'], ['body'], '2025-12-01', '2026-01-04'),
    );
  });
});
