// Issue 43: a line over the size limit, a line that is not JSON and JSON that is not a JSON-RPC message
// are answered with the JSON-RPC error and the server keeps serving (before: an oversized line ended the
// server with exit 0, and invalid requests got no answer).
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, childEnv, stop } from '../fixtures/cli.js';

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child) await stop(child);
  child = undefined;
});

/** The server as a raw stdio peer: send lines, read answers one by one. */
function rawServer() {
  child = spawn(process.execPath, [CLI], {
    env: childEnv({ SVC_API_KEY: 'sk_test_mcp_bad_lines', SVC_BASE_URL: 'http://127.0.0.1:9' }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const answers = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const stdin = child.stdin as NodeJS.WritableStream;
  return {
    send: (line: string) => new Promise<void>((resolve) => stdin.write(`${line}\n`, () => resolve())),
    next: async () => JSON.parse((await answers.next()).value as string) as Record<string, unknown>,
  };
}

const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  });

describe('svc-mcp over stdio, given lines it cannot read', () => {
  it('answers each with the JSON-RPC error and keeps serving', async () => {
    const server = rawServer();
    await server.send('this is not json');
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32700 } });
    await server.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 42 }));
    expect(await server.next()).toMatchObject({ id: 7, error: { code: -32600 } });
    // Larger than any message the server reads (the largest file an operation takes, as base64, and room).
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'x', arguments: { blob: 'a'.repeat(32 * 1024 * 1024) } },
      id: 8,
    });
    await server.send(huge);
    const skipped = await server.next();
    expect(skipped).toMatchObject({ id: 8, error: { code: -32600 } });
    expect((skipped.error as { message: string }).message).toMatch(/^message over \d+ bytes, skipped$/);
    await server.send(initialize(9));
    expect(await server.next()).toMatchObject({ id: 9, result: { serverInfo: { name: 'svc-mcp' } } });
    expect(child?.exitCode).toBeNull();
  });
});
