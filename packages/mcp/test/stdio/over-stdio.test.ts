import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stdioClient } from '../fixtures/cli.js';
import { answer, texts } from '../fixtures/in-memory.js';
import { readOperations } from '../fixtures/spec-operations.js';

const KEY = 'sk_test_mcp_stdio_never_shown_7e1d';

let served: SandboxServer;
beforeAll(async () => {
  const sandbox = createSandbox({ apiKey: KEY, seed: 'mcp-stdio', url: 'http://127.0.0.1' });
  // A service that echoes the key in an answer: the server must still never show it.
  const echoing = new Proxy(sandbox, {
    get(target, key, receiver) {
      if (key !== 'fetch') return Reflect.get(target, key, receiver);
      return async (request: Request) => {
        const response = await target.fetch(request);
        if (new URL(request.url).pathname !== '/v2/providers') return response;
        const body = (await response.json()) as unknown[];
        return Response.json([...body, { echoed: request.headers.get('x-svc-api-key') }], {
          headers: response.headers,
        });
      };
    },
  });
  served = await serveSandbox(echoing, { port: 0 });
});
afterAll(() => served?.close());

describe('svc-mcp over stdio', () => {
  it('serves the read tools of the spec, calls the service, and never shows the key', async () => {
    const audit = join(mkdtempSync(join(tmpdir(), 'svc-mcp-')), 'audit.jsonl');
    const { mcp, stderr } = await stdioClient(['--audit-file', audit], {
      SVC_API_KEY: KEY,
      SVC_BASE_URL: served.url,
      SVC_LOG: 'debug',
    });
    const outputs: string[] = [];
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(readOperations.map((operation) => operation.name));
      const user = answer(await mcp.callTool({ name: 'resolveUser', arguments: { client_user_id: 'erin' } }));
      expect(user.data).toMatchObject({ client_user_id: 'erin' });
      const providers = await mcp.callTool({ name: 'listProviders', arguments: {} });
      expect(texts(providers)[0]).toContain('"echoed":"[redacted]"');
      for (const result of [
        user,
        providers,
        await mcp.callTool({ name: 'resolveUser', arguments: { client_user_id: 'unknown_frank' } }),
        await mcp.callTool({ name: 'listMarkers', arguments: { size: 0 } }),
      ])
        outputs.push(JSON.stringify(result));
      const refused = await mcp.callTool({ name: 'createOrder', arguments: {} });
      expect(refused.isError).toBe(true);
    } finally {
      await mcp.close();
    }
    const lines = readFileSync(audit, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.tool, line.outcome, line.status ?? line.reason])).toEqual([
      ['resolveUser', 'ok', 200],
      ['listProviders', 'ok', 200],
      ['resolveUser', 'error', 404],
      ['listMarkers', 'refused', 'invalid-arguments'],
      ['createOrder', 'refused', 'write-not-allowed'],
    ]);
    expect(statSync(audit).mode & 0o777).toBe(0o600);
    expect(stderr()).toContain('svc-mcp: serving over stdio, one tool per operation (reads only)');
    // SVC_LOG=debug: the client logged every attempt on stderr, which must stay free of the key too.
    expect(stderr()).toContain('svc-mcp: debug');
    for (const output of [...outputs, readFileSync(audit, 'utf8'), stderr()])
      expect(output).not.toContain(KEY);
  });
});
