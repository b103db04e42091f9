import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connected, connect } from '../fixtures/in-memory.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect();
});
afterAll(() => connected.close());

type Continuation = { tool: string; arguments: Record<string, unknown> };

describe('a paginated read', () => {
  it('ends with the arguments of the next page’s call, and walking them gives every item once', async () => {
    const { mcp, client } = connected;
    const everything = await client
      .listMarkers({ lab_slug: 'quest', size: 100 })
      .toArray({ limit: Infinity });
    expect(everything.length).toBeGreaterThan(8);
    const seen: unknown[] = [];
    let call: Continuation | undefined = { tool: 'listMarkers', arguments: { lab_slug: 'quest', size: 4 } };
    let calls = 0;
    while (call) {
      const { data, about } = answer(await mcp.callTool({ name: call.tool, arguments: call.arguments }));
      seen.push(...(data as { markers: unknown[] }).markers);
      call = about.continuation as Continuation | undefined;
      if (call)
        expect(call).toEqual({
          tool: 'listMarkers',
          arguments: { lab_slug: 'quest', size: 4, page: calls + 2 },
        });
      calls += 1;
      expect(calls).toBeLessThan(50);
    }
    expect(calls).toBe(Math.ceil(everything.length / 4));
    expect(seen).toEqual(everything);
  });

  it('follows a cursor, and the last page has no continuation', async () => {
    const { mcp, client } = connected;
    const user = await client.resolveUser({ client_user_id: 'alice' });
    const args = { user_id: user.user_id, start_date: '2025-12-30', end_date: '2026-01-01' };
    const pages = [];
    for await (const page of client.getStepsGrouped(args).pages()) pages.push(page);
    expect(pages.length).toBeGreaterThan(1);
    let call: Continuation | undefined = { tool: 'getStepsGrouped', arguments: args };
    const seen = [];
    while (call) {
      const { data, about } = answer(await mcp.callTool({ name: call.tool, arguments: call.arguments }));
      seen.push(data);
      call = about.continuation as Continuation | undefined;
      if (call) expect(call.arguments).toMatchObject({ ...args, next_cursor: expect.any(String) });
    }
    expect(seen).toEqual(pages);
  });

  it('continues through call_operation in discover mode', async () => {
    const discover = await connect({ tools: 'discover' });
    try {
      const { about } = answer(
        await discover.mcp.callTool({
          name: 'call_operation',
          arguments: { name: 'listMarkers', arguments: { size: 2 } },
        }),
      );
      expect(about.continuation).toEqual({
        tool: 'call_operation',
        arguments: { name: 'listMarkers', arguments: { size: 2, page: 2 } },
      });
    } finally {
      await discover.close();
    }
  });
});
