// An incomplete run always says what stayed out of reach (`result.cause`), and the CLI's line and exit
// code come from that cause alone: no run is told "rate limited" (exit 4) because its cause was missing.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { incompleteLine } from '../../src/cli/incomplete-line.js';
import { type RunResult, StoreUnavailableError, type SyncStore } from '../../src/index.js';
import type { IncompleteCause } from '../../src/sync-types.js';
import { type FaultRule, status, tooMany, withFaults } from '../fixtures/faults.js';
import { sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const isData = (request: Request) => !request.url.includes('/user/resolve/');
const limits = { baseBackoffMs: 1, maxBackoffMs: 20, maxAttempts: 2 };
const input = { users: ['alice'], from: '2025-12-01', to: '2025-12-14' };

async function run(rule: FaultRule | undefined, wrapStore = (store: SyncStore) => store): Promise<RunResult> {
  const faults = withFaults({ current: rule });
  const { sandbox, client } = sandboxClient({ wrap: faults.wrap });
  const { store } = await stores.open();
  const sync = sandboxSync(sandbox, client, wrapStore(store), { resources: ['steps'], limits });
  return sync.backfill(input).result;
}

/** The store, except that committing a window finds the database gone. */
const storeGoneAtCommit = (store: SyncStore): SyncStore =>
  new Proxy(store, {
    get(target, name) {
      if (name === 'commitWindow' || name === 'commitWindows')
        return async () => {
          throw new StoreUnavailableError('the database went away (ECONNREFUSED)');
        };
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/** The cause of a run that must have ended incomplete. */
function causeOf(result: RunResult): IncompleteCause {
  expect(result.status).toBe('incomplete');
  if (result.status !== 'incomplete') throw new Error(`ended ${result.status}`);
  // The type says so too: an incomplete result carries its cause, no `undefined` to fall back from.
  return result.cause;
}

describe('the cause of an incomplete run', () => {
  it('is part of the type: present exactly when the run ended incomplete', () => {
    expectTypeOf<Extract<RunResult, { status: 'incomplete' }>['cause']>().toEqualTypeOf<IncompleteCause>();
    expectTypeOf<Exclude<RunResult, { status: 'incomplete' }>['cause']>().toEqualTypeOf<undefined>();
  });

  it('a rate-limited run says rate_limited: exit 4', async () => {
    const cause = causeOf(await run((request) => (isData(request) ? tooMany(0) : undefined)));
    expect(cause.reason).toBe('rate_limited');
    expect(incompleteLine(cause)).toEqual({
      line: 'rate limited; run the same command again to resume where it stopped',
      code: 4,
    });
  });

  it('a run the service keeps answering 503 says service_error: exit 7, the 5xx it got, not rate limited', async () => {
    const cause = causeOf(await run((request) => (isData(request) ? status(503) : undefined)));
    expect(cause).toEqual({ reason: 'service_error', message: expect.stringMatching(/503/) });
    const { line, code } = incompleteLine(cause);
    expect(code).toBe(7);
    expect(line).toMatch(/^the service kept failing \(.*503.*\); run the same command again/);
  });

  it('a run that cannot reach the service says service_unreachable: exit 7, not rate limited', async () => {
    const cause = causeOf(
      await run(() => {
        throw new TypeError('fetch failed');
      }),
    );
    expect(cause).toEqual({ reason: 'service_unreachable', message: expect.stringMatching(/fetch failed/) });
    const { line, code } = incompleteLine(cause);
    expect(code).toBe(7);
    expect(line).toMatch(
      /^the service could not be reached \(.*fetch failed.*\); run the same command again/,
    );
  });

  it('a run whose store goes away says store_unavailable: exit 3, not rate limited', async () => {
    const cause = causeOf(await run(undefined, storeGoneAtCommit));
    expect(cause).toEqual({ reason: 'store_unavailable', message: 'the database went away (ECONNREFUSED)' });
    expect(incompleteLine(cause)).toEqual({
      line: 'the store is unavailable (the database went away (ECONNREFUSED)); run the same command again to resume where it stopped',
      code: 3,
    });
  });
});
