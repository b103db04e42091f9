// Issue 47: the tool list's size with and without --store, as the README states it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, openStoreReadOnly } from '@svc/sync';
import { describe, expect, it } from 'vitest';
import { connect } from '../fixtures/in-memory.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

async function listBytes(options: Parameters<typeof connect>[0]) {
  const connected = await connect(options);
  try {
    return Buffer.byteLength(JSON.stringify((await connected.mcp.listTools()).tools));
  } finally {
    await connected.close();
  }
}

describe('the tool list', () => {
  it('is as large as the README says, with and without --store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-mcp-list-'));
    const address = `sqlite:${join(dir, 'svc.db')}`;
    await (await openStore(address)).close();
    const store = await openStoreReadOnly(address);
    try {
      const sizes = {
        all: await listBytes({}),
        allStore: await listBytes({ store }),
        discover: await listBytes({ tools: 'discover' }),
        discoverStore: await listBytes({ tools: 'discover', store }),
      };
      const stated =
        /`tools\/list` sizes: (\d[\d,]*) bytes \(`--tools all`\), (\d[\d,]*) with `--store`; (\d[\d,]*) bytes \(`--tools discover`\), (\d[\d,]*) with `--store`/.exec(
          README,
        );
      expect(stated?.slice(1).map((n) => Number(n.replaceAll(',', '')))).toEqual([
        sizes.all,
        sizes.allStore,
        sizes.discover,
        sizes.discoverStore,
      ]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
