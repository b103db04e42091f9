import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connected, connect } from '../fixtures/in-memory.js';
import { specOperations } from '../fixtures/spec-operations.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect({ tools: 'discover' });
});
afterAll(() => connected.close());

describe('--tools discover', () => {
  it('lists three tools, the call tool read-only while writes are off', async () => {
    const { tools } = await connected.mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_operations',
      'describe_operation',
      'call_operation',
    ]);
    expect(tools.find((tool) => tool.name === 'call_operation')?.annotations).toEqual({
      title: 'Call an API operation',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    const describeTool = tools.find((tool) => tool.name === 'describe_operation');
    const properties = describeTool?.inputSchema.properties as { name?: { enum?: string[] } } | undefined;
    expect(properties?.name?.enum).toEqual(specOperations.map((operation) => operation.name));
  });

  it('finds operations by words, forgiving prefixes and typos, and says which it may call', async () => {
    const search = async (query: string) =>
      answer(await connected.mcp.callTool({ name: 'search_operations', arguments: { query, limit: 3 } }))
        .data as {
        name: string;
        kind: string;
        allowed: boolean;
      }[];
    expect((await search('lab test markers')).map((found) => found.name)).toContain('listLabTestMarkers');
    expect((await search('parsng job'))[0]?.name).toMatch(/ParsingJob$/);
    expect((await search('sleep'))[0]).toMatchObject({
      name: 'getSleepSummary',
      kind: 'read',
      allowed: true,
    });
    const order = (await search('create order')).find((found) => found.name === 'createOrder');
    expect(order).toMatchObject({ kind: 'write', allowed: false });
  });

  it('describes an operation with the arguments its own tool takes', async () => {
    const { data } = answer(
      await connected.mcp.callTool({ name: 'describe_operation', arguments: { name: 'listLabTestMarkers' } }),
    );
    expect(data).toMatchObject({
      name: 'listLabTestMarkers',
      kind: 'read',
      method: 'GET',
      path: '/v3/lab_tests/{lab_test_id}/markers',
      arguments: { type: 'object', required: ['lab_test_id'] },
      annotations: { readOnlyHint: true },
    });
  });

  it('calls an operation as its own tool would, checking the arguments first', async () => {
    const { mcp, client, requests } = connected;
    const { data } = answer(
      await mcp.callTool({
        name: 'call_operation',
        arguments: { name: 'resolveUser', arguments: { client_user_id: 'dan' } },
      }),
    );
    expect(data).toEqual(await client.resolveUser({ client_user_id: 'dan' }));
    const before = requests.length;
    const refused = await mcp.callTool({
      name: 'call_operation',
      arguments: { name: 'resolveUser', arguments: {} },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/Invalid arguments for resolveUser: .*client_user_id/);
    expect(requests.length).toBe(before);
  });

  it('audits the search and describe tools too', async () => {
    connected.audit.length = 0;
    await connected.mcp.callTool({ name: 'search_operations', arguments: { query: 'markers' } });
    expect(connected.audit).toMatchObject([{ tool: 'search_operations', outcome: 'ok' }]);
  });
});
