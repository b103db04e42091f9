// A small fleet with every state of the coverage map at once, written through the store's own calls:
// alice complete, bob failed on some days, carol pending, dan resolved with nothing asked, and a user
// whose resolution failed (its message holds a key the page must not show).
import type { SyncStore, SyncWindow } from '../../src/index.js';

export const AS_OF = '2026-01-20T09:00:00.000Z';
export const LEAKED_KEY = 'sk_test_console_leak_0123456789';

const window = (userId: string, resource: 'sleep' | 'steps', start: string, end: string): SyncWindow => ({
  userId,
  resource,
  provider: 'oura',
  start,
  end,
  asOf: AS_OF,
});

export async function writeMixedFleet(store: SyncStore): Promise<void> {
  for (const [clientUserId, userId] of [
    ['alice', 'u-alice'],
    ['bob', 'u-bob'],
    ['carol', 'u-carol'],
    ['dan', 'u-dan'],
  ] as const)
    await store.saveUser({ clientUserId, userId, providers: ['oura'], error: null });
  await store.saveUser({
    clientUserId: 'ghost',
    userId: null,
    providers: [],
    error: `NotFoundError (404): no user ghost (key ${LEAKED_KEY})`,
  });
  const done = [
    window('u-alice', 'sleep', '2026-01-01', '2026-01-10'),
    window('u-alice', 'sleep', '2026-01-11', '2026-01-20'),
    window('u-bob', 'sleep', '2026-01-01', '2026-01-10'),
    window('u-alice', 'steps', '2026-01-05', '2026-01-11'),
    window('u-carol', 'steps', '2026-01-05', '2026-01-11'),
  ];
  const failed = [window('u-bob', 'sleep', '2026-01-11', '2026-01-20')];
  const pending = [
    window('u-carol', 'sleep', '2026-01-06', '2026-01-15'),
    window('u-bob', 'steps', '2026-01-05', '2026-01-11'),
  ];
  await store.planWindows([...done, ...failed, ...pending]);
  for (const w of done)
    await store.commitWindow({ ...w, generation: 1 }, { steps: [], summaries: [] }, AS_OF);
  for (const w of failed)
    await store.failWindow(w, {
      error: 'UnprocessableEntityError',
      status: 422,
      message: `the provider refused the range (sent with ${LEAKED_KEY})`,
    });
}
