// Issue 47: the erasure guarantee through svc-mcp --store. A user erased from the store with @svc/sync's
// `eraseUser` appears in no store tool's answer afterwards: aggregates, timeline, freshness, lab orders.
import { eraseUser, openStore, openStoreReadOnly, type SyncStore } from '@svc/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';
import { labStore, labUser, YESTERDAY } from './lab-store.js';

const ERASED = labUser(4);

let filled: Awaited<ReturnType<typeof labStore>>;
let store: SyncStore;
let connected: Connected;
beforeAll(async () => {
  filled = await labStore();
  store = await openStoreReadOnly(filled.address);
  connected = await connect({ store });
}, 240_000);
afterAll(async () => {
  await connected?.close();
  await store?.close();
  filled?.remove();
});

/** Every store tool's answer (text and structured content) that could name a user, as one text. */
async function everyAnswer() {
  const calls = [
    {
      name: 'store_user_aggregates',
      arguments: { resource: 'sleep', field: 'duration', from: '2026-01-01', to: YESTERDAY, limit: 100 },
    },
    { name: 'store_user_timeline', arguments: { client_user_id: ERASED, from: '2026-01-01', to: YESTERDAY } },
    { name: 'store_freshness', arguments: { complete_to: '2026-12-31', worst: 20, failures: 100 } },
    { name: 'store_lab_orders', arguments: { state: 'all', limit: 100 } },
  ];
  const answers: Record<string, { isError: boolean; text: string }> = {};
  for (const call of calls) {
    const result = await connected.mcp.callTool(call);
    answers[call.name] = {
      isError: result.isError === true,
      text: `${texts(result).join('\n')}\n${JSON.stringify(result.structuredContent ?? null)}`,
    };
  }
  return answers;
}

describe('an erased user in svc-mcp --store', () => {
  it('appears in no store tool once eraseUser has run', async () => {
    const userId = (await store.findUser(ERASED))?.userId;
    expect(userId).toBeTruthy();
    const before = await everyAnswer();
    for (const [name, answer] of Object.entries(before)) {
      expect(answer.isError, name).toBe(false);
      expect(answer.text, name).toContain(ERASED);
    }
    expect(before.store_lab_orders?.text).toContain(String(userId));

    const writer = await openStore(filled.address);
    try {
      const receipt = await eraseUser(writer, { clientUserId: ERASED });
      expect(receipt.removed.svc_lab_orders).toBe(1);
    } finally {
      await writer.close();
    }

    const after = await everyAnswer();
    for (const [name, answer] of Object.entries(after)) {
      // The timeline's refusal repeats the id it was asked for, and holds nothing of the user.
      if (name !== 'store_user_timeline') expect(answer.text, name).not.toContain(ERASED);
      expect(answer.text, name).not.toContain(String(userId));
    }
    expect(after.store_user_timeline).toMatchObject({
      isError: true,
      text: expect.stringMatching(
        /^Invalid arguments for store_user_timeline: the store holds no user "lab-user-4"\. Nothing was read\.\nnull$/,
      ),
    });
    for (const name of ['store_user_aggregates', 'store_freshness', 'store_lab_orders'])
      expect(after[name]?.isError, name).toBe(false);
    // The other users are still answered for.
    expect(after.store_lab_orders?.text).toContain(labUser(5));
    expect(after.store_user_aggregates?.text).toContain(labUser(3));
  });
});
