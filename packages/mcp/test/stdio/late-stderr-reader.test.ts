// Issue 43: an MCP host that reads the server's stderr late (or only at the end) still gets every
// result. The audit lines and the client's debug log fill the stderr pipe long before the calls end;
// before the fix, the server's `writeSync(2)` threw EAGAIN and the result was withheld.
import type { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../fixtures/cli.js';

const KEY = 'sk_test_mcp_late_stderr_3b8e';
const CALLS = 2_000;
const CONCURRENCY = 16;

let served: SandboxServer;
beforeAll(async () => {
  served = await serveSandbox(createSandbox({ apiKey: KEY, seed: 'mcp-late-stderr' }), { port: 0 });
});
afterAll(() => served?.close());

describe('svc-mcp under a host that reads stderr late', () => {
  it('answers 2,000 of 2,000 calls, and every audit line reaches stderr once it is read', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI],
      env: childEnv({ SVC_API_KEY: KEY, SVC_BASE_URL: served.url, SVC_LOG: 'debug' }),
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'late-stderr-host', version: '0.0.0' });
    await mcp.connect(transport);
    // With stderr: 'pipe' the transport hands over a PassThrough (typed as the base Stream).
    const stderr = transport.stderr as PassThrough | null;
    if (!stderr) throw new Error('no stderr pipe');
    // Nothing reads stderr until every call is answered: the pipe and the pass-through fill up.
    stderr.pause();
    let answered = 0;
    let next = 0;
    const worker = async () => {
      while (next < CALLS) {
        next++;
        const result = await mcp.callTool({ name: 'listProviders', arguments: {} });
        if (result.isError !== true) answered++;
      }
    };
    let lines: string[] = [];
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      const read = text(stderr);
      stderr.resume();
      await mcp.close();
      lines = (await read).split('\n');
    }
    expect(answered).toBe(CALLS);
    expect(lines.filter((line) => line.startsWith('{"time"'))).toHaveLength(CALLS);
    expect(lines.filter((line) => line.includes('dropped'))).toEqual([]);
  }, 240_000);
});
