import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createSandbox, type Sandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCli, stop } from '../fixtures/cli.js';
import { answer } from '../fixtures/in-memory.js';

const KEY = 'sk_test_mcp_http_4c2a9e';

let sandbox: Sandbox;
let served: SandboxServer;
let cli: ReturnType<typeof startCli>;
let url: string;
beforeAll(async () => {
  sandbox = createSandbox({ apiKey: KEY, seed: 'mcp-http', url: 'http://127.0.0.1' });
  served = await serveSandbox(sandbox, { port: 0 });
  cli = startCli(
    ['--http', '--port', '0', '--allow-write', 'createParsingJob'],
    { SVC_API_KEY: KEY, SVC_BASE_URL: served.url },
    /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
  );
  url = await cli.started;
});
afterAll(async () => {
  if (cli) await stop(cli.child);
  await served?.close();
});

/** A raw POST with the given Host and Origin headers, as a page using DNS rebinding would send it. */
function post(target: string, host: string): Promise<number> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'POST',
      headers: {
        host,
        origin: `http://${host}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end(body);
  });
}

describe('svc-mcp --http', () => {
  it('serves a 2026-era client on loopback, progress of long work included', async () => {
    const mcp = new Client(
      { name: 'svc-mcp-tests', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(mcp.getProtocolEra()).toBe('modern');
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toContain('createParsingJob');
      const pdf = Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64');
      const job = answer(await mcp.callTool({ name: 'createParsingJob', arguments: { body: { file: pdf } } }))
        .data as {
        id: string;
      };
      const updates: string[] = [];
      const { data } = answer(
        await mcp.callTool(
          { name: 'getParsingJob', arguments: { job_id: job.id, wait_seconds: 30 } },
          {
            onprogress: ({ message }) => {
              updates.push(String(message));
              if (updates.length === 1) sandbox.clock.advance({ seconds: 60 });
            },
          },
        ),
      );
      expect(data).toMatchObject({ id: job.id, status: 'completed' });
      expect(updates[0]).toBe('getParsingJob: processing after 1 read');
    } finally {
      await mcp.close();
    }
  });

  it('answers a 2026-era tools/call with null arguments or a number for a name as a tool error, audited', async () => {
    const mcp = new Client(
      { name: 'svc-mcp-tests', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(mcp.getProtocolEra()).toBe('modern');
      const nullArgs = await mcp.request({
        method: 'tools/call',
        params: { name: 'listMarkers', arguments: null },
      });
      expect(nullArgs).toMatchObject({ isError: true });
      const numberName = await mcp.request({ method: 'tools/call', params: { name: 7, arguments: {} } });
      expect(numberName).toMatchObject({ isError: true });
      await vi.waitFor(() => {
        expect(cli.stderr()).toMatch(/"tool":"listMarkers","outcome":"refused","reason":"invalid-arguments"/);
        expect(cli.stderr()).toMatch(/"tool":"\(no name\)","outcome":"refused","reason":"tool-not-enabled"/);
      });
    } finally {
      await mcp.close();
    }
  });

  it('refuses a request whose Host is not this machine (DNS rebinding), and any other path', async () => {
    const { port } = new URL(url);
    expect(await post(url, 'evil.example.com')).toBe(403);
    expect(await post(url, `127.0.0.1:${port}`)).toBe(200);
    expect(await post(url.replace(/\/mcp$/, '/other'), `127.0.0.1:${port}`)).toBe(404);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => cli.child.once('exit', (code) => resolve(code)));
    cli.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(cli.stderr()).not.toContain(KEY);
  });
});
