// The MCP project's conformance suite for servers, against `svc-mcp --http`. It needs Node 22, which
// comes from the registry's `node` package through npx, as the suite itself does (both pinned).
import { execFile } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCli, stop } from '../fixtures/cli.js';

const NODE = 'node@22.23.3';
const SUITE = '@modelcontextprotocol/conformance@0.1.16';
/**
 * The scenarios that apply to an API server with tools only (the README of @svc/mcp says why each
 * other one is skipped). One npx call runs them all, one suite process each (about 1.5 s apiece).
 */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const KEY = 'sk_test_mcp_conformance_91bd';

let served: SandboxServer;
let cli: ReturnType<typeof startCli>;
let url: string;
beforeAll(async () => {
  served = await serveSandbox(createSandbox({ apiKey: KEY, url: 'http://127.0.0.1' }), { port: 0 });
  cli = startCli(
    ['--http', '--port', '0'],
    { SVC_API_KEY: KEY, SVC_BASE_URL: served.url },
    /listening on (\S+\/mcp)/,
  );
  url = await cli.started;
});
afterAll(async () => {
  if (cli) await stop(cli.child);
  await served?.close();
});

it('passes the MCP conformance scenarios that apply to it', { timeout: 300_000 }, async () => {
  const script = `for scenario in ${SCENARIOS.join(' ')}; do conformance server --url "$URL" --scenario "$scenario" || exit 1; done`;
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      'npx',
      ['-y', '-p', NODE, '-p', SUITE, '-c', script],
      { env: { ...process.env, URL: url }, timeout: 280_000, maxBuffer: 10_000_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: unknown }).code ?? 1) : 0,
          output: `${stdout}\n${stderr}`,
        }),
    );
  });
  const plain = stripVTControlCharacters(output);
  expect(code, plain).toBe(0);
  for (const scenario of SCENARIOS) expect(plain).toContain(`Running client scenario '${scenario}'`);
  expect(plain.match(/Passed: (\d+)\/\1, 0 failed, 0 warnings/g)).toHaveLength(SCENARIOS.length);
});
