import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Connected, connect, texts } from '../fixtures/in-memory.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const order = (userId: string) => ({
  body: {
    user_id: userId,
    patient_address: { first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' },
  },
});

describe('a write', () => {
  it('is refused without --allow-writes as a tool error with a refused audit line (issue 47), and nothing reaches the service', async () => {
    connected = await connect();
    const { mcp, requests, client, audit } = connected;
    const user = await client.resolveUser({ client_user_id: 'alice' });
    const before = requests.length;
    const created = await mcp.callTool({
      name: 'createOrder',
      arguments: { 'Idempotency-Key': 'order-1', ...order(user.user_id) },
    });
    expect(created.isError).toBe(true);
    expect(texts(created)[0]).toMatch(/createOrder changes data .* --allow-write createOrder/);
    const deregistered = await mcp.callTool({
      name: 'deregisterProvider',
      arguments: { user_id: user.user_id, provider: 'oura' },
    });
    expect(deregistered.isError).toBe(true);
    expect(requests.length).toBe(before);
    expect(audit.map(({ tool, outcome, reason }) => ({ tool, outcome, reason }))).toEqual([
      { tool: 'createOrder', outcome: 'refused', reason: 'write-not-allowed' },
      { tool: 'deregisterProvider', outcome: 'refused', reason: 'write-not-allowed' },
    ]);
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('createOrder');
  });

  it('is refused through call_operation too, with how to allow it, and audited as refused', async () => {
    connected = await connect({ tools: 'discover' });
    const { mcp, requests, audit } = connected;
    const result = await mcp.callTool({
      name: 'call_operation',
      arguments: { name: 'createOrder', arguments: { 'Idempotency-Key': 'order-1', body: {} } },
    });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(
      /createOrder changes data .* --allow-writes \(or --allow-write createOrder\)/,
    );
    expect(requests).toEqual([]);
    expect(audit).toMatchObject([
      { tool: 'call_operation', operation: 'createOrder', outcome: 'refused', reason: 'write-not-allowed' },
    ]);
  });

  it('allowed, carries its idempotency key: the same call repeated creates one order', async () => {
    connected = await connect({ allowWrites: ['createOrder'] });
    const { mcp, client, sandbox } = connected;
    const user = await client.resolveUser({ client_user_id: 'alice' });
    const args = { 'Idempotency-Key': 'mcp-order-1', ...order(user.user_id) };
    const first = answer(await mcp.callTool({ name: 'createOrder', arguments: args })).data as { id: string };
    const again = answer(await mcp.callTool({ name: 'createOrder', arguments: args })).data as { id: string };
    expect(again.id).toBe(first.id);
    expect(await sandbox.controls.orders.list()).toHaveLength(1);
    const other = answer(
      await mcp.callTool({ name: 'createOrder', arguments: { ...args, 'Idempotency-Key': 'mcp-order-2' } }),
    ).data as { id: string };
    expect(other.id).not.toBe(first.id);
  });

  it('of an idempotent operation is refused without its key', async () => {
    connected = await connect({ allowWrites: true });
    const { mcp, requests } = connected;
    const result = await mcp.callTool({ name: 'createOrder', arguments: { body: {} } });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/Idempotency-Key/);
    expect(requests).toEqual([]);
  });
});
