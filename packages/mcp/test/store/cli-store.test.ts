// svc-mcp --store from the command line: a store it cannot read stops it with one line; a store it can
// read adds its tools over stdio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@svc/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli, stdioClient } from '../fixtures/cli.js';

const ENV = { SVC_API_KEY: 'sk_test_mcp_cli_store', SVC_BASE_URL: 'http://127.0.0.1:9' };
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mcp-cli-store-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('svc-mcp --store', () => {
  it('stops with one line and exit 2 on an address it does not take, exit 1 on a store it cannot open', async () => {
    const bad = await runCli(['--store', 'mysql://user:hunter2@db/x'], ENV);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/^svc-mcp: --store: unsupported store "mysql:"/);
    expect(bad.stderr).not.toContain('hunter2');
    const missing = await runCli(['--store', `sqlite:${join(dir, 'none.db')}`], ENV);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^svc-mcp: --store: cannot read the SQLite store .* does not exist\n$/);
  });

  it('serves the store tools over stdio beside the operations', async () => {
    const address = `sqlite:${join(dir, 'svc.db')}`;
    await (await openStore(address)).close();
    const { mcp } = await stdioClient(['--store', address], ENV);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['resolveUser', 'store_user_aggregates', 'store_freshness']),
      );
      const result = await mcp.callTool({ name: 'store_freshness', arguments: {} });
      expect(result.isError).not.toBe(true);
    } finally {
      await mcp.close();
    }
  });

  it('says on stderr how many tools it serves, counted as tools/list lists them, in both modes', async () => {
    const address = `sqlite:${join(dir, 'banner.db')}`;
    await (await openStore(address)).close();
    for (const mode of ['all', 'discover']) {
      const { mcp, stderr } = await stdioClient(['--tools', mode, '--store', address], ENV);
      try {
        const names = (await mcp.listTools()).tools.map((tool) => tool.name);
        const storeTools = names.filter((name) => name.startsWith('store_'));
        expect(storeTools.length).toBeGreaterThan(0);
        const served =
          mode === 'discover'
            ? `${names.length - storeTools.length} discover tools`
            : 'one tool per operation';
        // stderr is its own pipe: the line may arrive after the answer on stdout.
        await vi.waitFor(() =>
          expect(stderr()).toMatch(
            new RegExp(
              `serving over stdio, ${served} \\(.*\\), and ${storeTools.length} tools reading the store\n`,
            ),
          ),
        );
      } finally {
        await mcp.close();
      }
    }
  });
});
