// Issue 47: every refusal is a tool result and a `refused` audit line with its reason, in every mode.
import { afterEach, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';

let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const refusals = (audit: Connected['audit']) =>
  audit.map(({ tool, outcome, reason }) => ({ tool, outcome, reason }));

describe('a refused call', () => {
  it('of a tool this server does not serve is a tool error and a refused audit line', async () => {
    connected = await connect();
    const result = await connected.mcp.callTool({ name: 'deleteEverything', arguments: {} });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/no tool "deleteEverything": tools\/list names the tools it serves/);
    expect(refusals(connected.audit)).toEqual([
      { tool: 'deleteEverything', outcome: 'refused', reason: 'tool-not-enabled' },
    ]);
  });

  it('with arguments that fail the schema is audited as refused, invalid-arguments, in both modes', async () => {
    connected = await connect();
    const bad = await connected.mcp.callTool({ name: 'listMarkers', arguments: { size: 0 } });
    expect(bad.isError).toBe(true);
    expect(refusals(connected.audit)).toEqual([
      { tool: 'listMarkers', outcome: 'refused', reason: 'invalid-arguments' },
    ]);
    await connected.close();
    connected = await connect({ tools: 'discover' });
    const unknown = await connected.mcp.callTool({
      name: 'call_operation',
      arguments: { name: 'noSuchOperation' },
    });
    expect(unknown.isError).toBe(true);
    expect(texts(unknown)[0]).toMatch(/^Invalid arguments for call_operation: .*Nothing was run/);
    expect(connected.requests).toEqual([]);
    expect(refusals(connected.audit)).toEqual([
      { tool: 'call_operation', outcome: 'refused', reason: 'invalid-arguments' },
    ]);
  });

  it('of an operation by its own name in discover mode says to use call_operation, and is audited', async () => {
    connected = await connect({ tools: 'discover' });
    const result = await connected.mcp.callTool({ name: 'resolveUser', arguments: { client_user_id: 'a' } });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/call resolveUser with call_operation/);
    expect(refusals(connected.audit)).toEqual([
      { tool: 'resolveUser', outcome: 'refused', reason: 'tool-not-enabled' },
    ]);
  });

  it('with arguments null or an array, or a name that is not text, is a tool error and a refused audit line, not a -32602', async () => {
    connected = await connect();
    const call = (params: Record<string, unknown>) =>
      connected?.mcp.request({ method: 'tools/call', params });
    const [nullArgs, arrayArgs, numberName, noName] = await Promise.all([
      call({ name: 'listMarkers', arguments: null }),
      call({ name: 'listMarkers', arguments: [{ lab_slug: 'quest' }] }),
      call({ name: 42, arguments: {} }),
      call({ arguments: { lab_slug: 'quest' } }),
    ]);
    expect(nullArgs?.isError).toBe(true);
    expect(texts(nullArgs)[0]).toBe(
      'Invalid arguments for listMarkers: the arguments are an object of named values, or left out (this call sent null). Nothing was run.',
    );
    expect(texts(arrayArgs)[0]).toMatch(/^Invalid arguments for listMarkers: .*\(this call sent an array\)/);
    expect(numberName?.isError).toBe(true);
    expect(texts(numberName)[0]).toMatch(/names its tool as text in "name" \(this one sent a number\)/);
    expect(texts(noName)[0]).toMatch(/\(this one sent none\)/);
    expect(connected.requests).toEqual([]);
    expect(refusals(connected.audit).sort((a, b) => a.tool.localeCompare(b.tool))).toEqual([
      { tool: '(no name)', outcome: 'refused', reason: 'tool-not-enabled' },
      { tool: '(no name)', outcome: 'refused', reason: 'tool-not-enabled' },
      { tool: 'listMarkers', outcome: 'refused', reason: 'invalid-arguments' },
      { tool: 'listMarkers', outcome: 'refused', reason: 'invalid-arguments' },
    ]);
  });

  it('leaves a method the server does not serve a protocol error (method not found)', async () => {
    connected = await connect();
    await expect(connected.mcp.request({ method: 'prompts/list', params: {} })).rejects.toMatchObject({
      code: -32601,
    });
    expect(connected.audit).toEqual([]);
  });
});
