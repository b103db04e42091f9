// store_user_timeline says what it does with days: the range its schema states is the range it reads.
import { openStoreReadOnly, type SyncStore } from '@svc/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';
import { fleetUser, syncedStore, YESTERDAY } from './synced-store.js';

let filled: Awaited<ReturnType<typeof syncedStore>>;
let store: SyncStore;
let connected: Connected;
beforeAll(async () => {
  filled = await syncedStore(2, 1);
  store = await openStoreReadOnly(filled.address);
  connected = await connect({ store });
}, 120_000);
afterAll(async () => {
  await connected?.close();
  await store?.close();
  filled?.remove();
});

const timelineTool = async () => {
  const { tools } = await connected.mcp.listTools();
  const tool = tools.find((each) => each.name === 'store_user_timeline');
  if (!tool) throw new Error('store_user_timeline is not listed');
  return tool;
};
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('store_user_timeline', () => {
  it('reads the longest range its schema states, and refuses one day more (issue: 31 days after from refused)', async () => {
    const tool = await timelineTool();
    const { to } = (tool.inputSchema.properties ?? {}) as { to?: { description?: string } };
    // The schema's promise, as a model reads it: `to` at most this many days after `from`.
    const after = Number(/at most (\d+) days after from/.exec(to?.description ?? '')?.[1]);
    expect(after).toBeGreaterThan(0);
    const inAll = after + 1;
    const from = daysAfter(YESTERDAY, -after);
    const call = (last: string) =>
      connected.mcp.callTool({
        name: 'store_user_timeline',
        arguments: { client_user_id: fleetUser(1), from, to: last },
      });
    const longest = await call(YESTERDAY);
    expect(longest.isError, texts(longest).join('\n')).not.toBe(true);
    expect((longest.structuredContent as { summaries_total: number }).summaries_total).toBeGreaterThan(0);
    const tooLong = await call(daysAfter(YESTERDAY, 1));
    expect(tooLong.isError).toBe(true);
    expect(texts(tooLong)[0]).toBe(
      `Invalid arguments for store_user_timeline: the range may span at most ${inAll} days, from and to included: to at most ${after} days after from. Nothing was read.`,
    );
    expect(to?.description).toContain(`(${inAll} days in all)`);
    expect(tool.description).toContain(`at most ${inAll}, from and to included`);
  });

  it('says which day each figure is on: summaries by calendar date, steps by UTC day, in its description and its text', async () => {
    const tool = await timelineTool();
    expect(tool.description).toMatch(/summary record .*calendar date/);
    expect(tool.description).toMatch(/steps totalled per provider and UTC day/);
    const result = await connected.mcp.callTool({
      name: 'store_user_timeline',
      arguments: { client_user_id: fleetUser(1), from: YESTERDAY, to: YESTERDAY },
    });
    const { summaries, steps } = result.structuredContent as {
      summaries: { resource: string; provider: string; calendar_date: string }[];
      steps: { provider: string; day: string }[];
    };
    expect(summaries.length).toBeGreaterThan(0);
    expect(steps.length).toBeGreaterThan(0);
    const lines = (texts(result)[0] ?? '').split('\n');
    for (const { resource, provider, calendar_date } of summaries)
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${resource} ${provider} calendar date ${calendar_date}: `)),
      );
    for (const { provider, day } of steps)
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^steps ${provider} UTC day ${day}: `)));
  });
});
