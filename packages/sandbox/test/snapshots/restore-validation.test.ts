import { describe, expect, it } from 'vitest';
import { call, clientOn, strictSandbox } from '../fixtures/sandbox.js';
import { walkLabFlow } from '../fixtures/walkthrough.js';

/** A snapshot of a world that went through the whole lab flow: every kind of record in it. */
async function busySnapshot() {
  const sandbox = strictSandbox();
  await walkLabFlow(clientOn(sandbox), async (seconds) => sandbox.clock.advance({ seconds }));
  return { sandbox, snapshot: sandbox.snapshot() };
}

describe('restoring a snapshot checks all of it (issue 21)', () => {
  it('restores a snapshot it took, every record kind included', async () => {
    const { sandbox, snapshot } = await busySnapshot();
    const restored = await call(sandbox, 'PUT', '/_sandbox/snapshot', { body: snapshot });
    expect(restored.status).toBe(200);
    expect(sandbox.snapshot()).toEqual(snapshot);
  });

  it.each([
    ['timers: [null]', (s: Record<string, unknown>) => ({ ...s, timers: [null] }), 'snapshot.timers[0]'],
    [
      'a far-future now',
      (s: Record<string, unknown>) => ({ ...s, now: '+275760-09-13T00:00:00.000Z' }),
      'snapshot.now',
    ],
    ['now as a number', (s: Record<string, unknown>) => ({ ...s, now: 1 }), 'snapshot.now'],
    [
      'an order in an unknown state',
      (s: Record<string, unknown>) => {
        const orders = structuredClone(s.orders) as Record<string, Record<string, unknown>>;
        const first = Object.values(orders)[0] as Record<string, unknown>;
        first.state = 'teleported';
        return { ...s, orders };
      },
      '.state',
    ],
    [
      'a timer of an unknown kind',
      (s: Record<string, unknown>) => ({
        ...s,
        timers: [{ at: '2026-01-06T00:00:00.000Z', seq: 1, kind: 'meteor', id: 'x', event: 'E' }],
      }),
      'snapshot.timers[0].kind',
    ],
    ['a missing users map', (s: Record<string, unknown>) => ({ ...s, users: undefined }), 'snapshot.users'],
  ])('refuses %s with 422 naming the path, and the world stays usable', async (_name, spoil, path) => {
    const { sandbox, snapshot } = await busySnapshot();
    const refused = await call(sandbox, 'PUT', '/_sandbox/snapshot', {
      body: spoil(snapshot as unknown as Record<string, unknown>),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('invalid_snapshot');
    expect(refused.body.error.message).toContain(path);
    expect(sandbox.snapshot()).toEqual(snapshot);
    expect(
      (await call(sandbox, 'POST', '/_sandbox/clock/advance', { body: { seconds: 86_400 } })).status,
    ).toBe(200);
    expect((await call(sandbox, 'GET', '/v2/user/resolve/after')).status).toBe(200);
  });

  it('refuses the same through restore() in-process, naming the path', async () => {
    const { sandbox, snapshot } = await busySnapshot();
    expect(() => sandbox.restore({ ...snapshot, timers: [null] } as never)).toThrow('snapshot.timers[0]');
  });

  it('refuses a state file whose world is broken, naming the world and path', () => {
    const sandbox = strictSandbox();
    const world = sandbox.snapshot();
    expect(() =>
      sandbox.importState({ version: 1, worlds: { abc: { ...world, timers: [null] } } } as never),
    ).toThrow('timers');
  });
});
