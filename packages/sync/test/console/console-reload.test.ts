// Issue 48: the console keeps the coverage maps while the store is unchanged, and the first page after a
// write shows the store as it is now: bob's failed sleep window committed by another process, the
// reloaded page's cells equal a fresh status --json, cell by cell.
import { launchChromium } from '@svc/tools/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { runCli, startCli, stopChildren, waitForLine } from '../fixtures/processes.js';
import { tempStores } from '../fixtures/temp-store.js';
import { AS_OF, writeMixedFleet } from './mixed-fleet.js';

const stores = tempStores();
const STATES = ['complete', 'pending', 'failed', 'nothingSent'] as const;
type Coverage = Record<(typeof STATES)[number], number[]>;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stopChildren();
});

const statusCoverage = async (address: string) => {
  const json = await runCli(['status', '--store', address, '--json']);
  expect(json.code, json.stderr).toBe(0);
  return (JSON.parse(json.stdout) as { coverage: Record<string, Coverage> }).coverage;
};

describe('svc-sync serve after the store changes', () => {
  it('shows the new figures on the first load after another process wrote, equal to status --json', async () => {
    const { store, address } = await stores.open();
    await writeMixedFleet(store);
    await store.close();
    const serve = startCli(['serve', '--store', address, '--port', '0']);
    const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    const page = await browser.newPage();
    const sleepTable = async () => {
      await page.goto(url);
      await page.waitForSelector('body[data-state="ready"]');
      return page.$$eval('table[data-coverage="sleep"] tbody tr', (rows) =>
        rows.map((row) =>
          Object.fromEntries(
            [...row.querySelectorAll('td')].map((cell) => [cell.dataset.state, Number(cell.textContent)]),
          ),
        ),
      );
    };
    const expectTable = (table: Record<string, number>[], coverage: Coverage) => {
      expect(table).toHaveLength(coverage.complete.length);
      table.forEach((row, day) => {
        expect(row).toEqual(Object.fromEntries(STATES.map((state) => [state, coverage[state][day]])));
      });
    };

    const before = await statusCoverage(address);
    const first = await sleepTable();
    expectTable(first, before.sleep as Coverage);
    // 2026-01-15: bob failed.
    expect(first[14]?.failed).toBe(1);
    // Unchanged store: the same figures again.
    expect(await sleepTable()).toEqual(first);

    const writer = await openStore(address);
    await writer.commitWindow(
      {
        userId: 'u-bob',
        resource: 'sleep',
        provider: 'oura',
        start: '2026-01-11',
        end: '2026-01-20',
        asOf: AS_OF,
        generation: 1,
      },
      { steps: [], summaries: [] },
      AS_OF,
    );
    await writer.close();

    const after = await statusCoverage(address);
    const reloaded = await sleepTable();
    expectTable(reloaded, after.sleep as Coverage);
    expect(reloaded[14]?.failed).toBe(0);
    expect(reloaded[14]?.complete).toBe((first[14]?.complete ?? 0) + 1);
    await page.close();
  });
});
