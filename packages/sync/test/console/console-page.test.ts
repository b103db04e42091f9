// Issue 48: svc-sync serve draws the store as status --json describes it, in real Chromium, and keeps
// to its own origin: a foreign Host or Origin gets 403, an action needs the page's token, and the
// browser sends nothing to any other origin.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { artifactPath, launchChromium, wcagViolations } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, stopChildren, waitForLine } from '../fixtures/processes.js';
import { tempStores } from '../fixtures/temp-store.js';
import { LEAKED_KEY, writeMixedFleet } from './mixed-fleet.js';

const packageRoot = new URL('../../', import.meta.url);
const stores = tempStores();
const STATES = ['complete', 'pending', 'failed', 'nothingSent'] as const;

interface Coverage {
  users: number;
  from: string;
  to: string;
  complete: number[];
  pending: number[];
  failed: number[];
  nothingSent: number[];
}
interface Status {
  pending: number;
  failed: number;
  failedUsers: number;
  users: {
    total: number;
    complete: number;
    behind: number;
    behindBy: Record<string, number>;
    worst: { clientUserId: string | null }[];
  };
  resources: Record<string, Record<'rows' | 'users' | 'complete' | 'behind' | 'pending' | 'failed', number>>;
  coverage: Record<string, Coverage>;
}

let browser: Browser;
let page: Page;
let url = '';
let address = '';
let status: Status;
const requested: string[] = [];
const pageErrors: string[] = [];

/** A raw request with the headers a browser on another site would send (fetch cannot set Host). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body = '{}',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const req = request(target, { method, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(method === 'POST' ? body : undefined);
  });
}

beforeAll(async () => {
  const opened = await stores.open();
  address = opened.address;
  await writeMixedFleet(opened.store);
  await opened.store.close();
  const json = await runCli(['status', '--store', address, '--json']);
  expect(json.code, json.stderr).toBe(0);
  status = JSON.parse(json.stdout) as Status;
  const serve = startCli(['serve', '--store', address, '--port', '0']);
  url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(url);
  await page.waitForSelector('body[data-state="ready"], body[data-state="failed"]');
});

afterAll(async () => {
  await browser?.close();
  await stopChildren();
});

describe('svc-sync serve in Chromium', () => {
  it('loads without an error, and the store address appears nowhere on the page', async () => {
    expect(await page.locator('body').getAttribute('data-state')).toBe('ready');
    expect(pageErrors).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain(address.replace('sqlite:', ''));
    expect(html).not.toContain(LEAKED_KEY);
  });

  it('draws every cell of the coverage map as status --json counts it, in its table and on its canvas', async () => {
    const resources = Object.keys(status.coverage);
    expect(resources).toEqual(['sleep', 'steps']);
    for (const resource of resources) {
      const expected = status.coverage[resource] as Coverage;
      const table = await page.$$eval(`table[data-coverage="${resource}"] tbody tr`, (rows) =>
        rows.map((row) => ({
          day: row.getAttribute('data-day'),
          cells: [...row.querySelectorAll('td')].map((cell) => [
            cell.dataset.state,
            Number(cell.textContent),
          ]),
        })),
      );
      expect(table.length).toBe(expected.complete.length);
      table.forEach((row, day) => {
        expect(Object.fromEntries(row.cells)).toEqual(
          Object.fromEntries(STATES.map((state) => [state, expected[state][day]])),
        );
      });
      // Each day's column holds a colour for exactly the states some user is in.
      const colours = await page.$eval(`canvas[data-resource="${resource}"]`, (canvas) => {
        const c = canvas as HTMLCanvasElement;
        const context = c.getContext('2d') as CanvasRenderingContext2D;
        const days = Number(c.getAttribute('aria-label')?.match(/over (\d+) days/)?.[1]);
        const seen: string[][] = [];
        for (let day = 0; day < days; day++) {
          const x = Math.floor((day * c.width) / days);
          const data = context.getImageData(x, 0, 1, c.height).data;
          const set = new Set<string>();
          for (let y = 0; y < c.height; y++)
            if (data[y * 4 + 3] === 255) set.add(`${data[y * 4]},${data[y * 4 + 1]},${data[y * 4 + 2]}`);
          seen.push([...set].sort());
        }
        return seen;
      });
      const rgb = {
        complete: '26,127,55',
        pending: '154,103,0',
        failed: '207,34,46',
        nothingSent: '208,215,222',
      };
      colours.forEach((seen, day) => {
        expect(seen).toEqual(
          STATES.filter((state) => (expected[state][day] ?? 0) > 0)
            .map((s) => rgb[s])
            .sort(),
        );
      });
    }
    // The store as written: on 2026-01-11 alice's sleep is complete, bob's failed, carol's pending, dan has none.
    const sleep = status.coverage.sleep as Coverage;
    const day = 10;
    expect(sleep.from).toBe('2026-01-01');
    expect(STATES.map((state) => sleep[state][day])).toEqual([1, 1, 1, 1]);
  });

  it("shows each resource's users, how many are complete or behind, and its windows owed, as status --json does", async () => {
    for (const [resource, expected] of Object.entries(status.resources)) {
      const row = page.locator(`#summary tr[data-resource="${resource}"]`);
      for (const field of ['rows', 'users', 'complete', 'behind', 'pending', 'failed'] as const)
        expect(await row.locator(`[data-field="${field}"]`).textContent(), `${resource} ${field}`).toBe(
          String(expected[field]),
        );
    }
    expect(await page.getByTestId('totals').textContent()).toBe(
      `Windows pending: ${status.pending}, failed: ${status.failed}; users failed: ${status.failedUsers}.`,
    );
  });

  it('shows how far users are behind, and the users furthest behind, as status --json does', async () => {
    const bands = await page.$$eval('#bands tbody tr', (rows) =>
      rows.map((row) => [row.getAttribute('data-band'), Number(row.querySelector('td')?.textContent)]),
    );
    expect(Object.fromEntries(bands)).toEqual(status.users.behindBy);
    expect(status.users.behind).toBeGreaterThan(0);
    const worst = await page.$$eval('#worst li', (items) =>
      items.map((item) => item.getAttribute('data-client-user-id')),
    );
    expect(worst).toEqual(status.users.worst.map((user) => user.clientUserId ?? ''));
    expect(worst.length).toBeGreaterThan(0);
    expect(await page.getByTestId('target').textContent()).toContain(
      `${status.users.complete} of ${status.users.total} users are, ${status.users.behind} are behind`,
    );
  });

  it('lists the users and windows behind a cell chosen on the canvas, and behind one chosen by day and state', async () => {
    const canvas = page.locator('canvas[data-resource="sleep"]');
    const box = (await canvas.boundingBox()) as { x: number; y: number; width: number; height: number };
    const days = (status.coverage.sleep as Coverage).complete.length;
    // Day 2026-01-15, at the bottom of its column: the failed users come first.
    await page.mouse.click(box.x + ((14 + 0.5) / days) * box.width, box.y + box.height - 2);
    await expect
      .poll(() => page.locator('#cell-caption').textContent())
      .toContain('sleep on 2026-01-15, failed: ');
    expect(await page.locator('#cell-users li').allTextContents()).toEqual([
      'bob: oura 2026-01-11..2026-01-20 failed (UnprocessableEntityError 422)',
    ]);
    await page.selectOption('#day-sleep', '2026-01-11');
    await page.selectOption('#state-sleep', 'nothingSent');
    await page.locator('#state-sleep').locator('xpath=..').getByRole('button').click();
    await expect.poll(() => page.locator('#cell-caption').textContent()).toContain('nothing sent: 1 user');
    expect(await page.locator('#cell-users li').getAttribute('data-client-user-id')).toBe('dan');
  });

  it('lists failures with class, status and message, redacted', async () => {
    const users = await page.locator('#failed-users tbody tr').allInnerTexts();
    expect(users).toHaveLength(1);
    expect(users[0]).toContain('ghost');
    expect(users[0]).toContain('NotFoundError');
    expect(users[0]).toContain('404');
    const windows = await page.locator('#failed-windows tbody tr').allInnerTexts();
    expect(windows[0]).toMatch(
      /^bob\tsleep\toura\t2026-01-11\.\.2026-01-20\tUnprocessableEntityError\t422\t/,
    );
    expect(windows[0]).toContain('sk_***');
    expect(await page.content()).not.toContain(LEAKED_KEY);
  });

  it('has no WCAG 2.1 AA violation (axe-core)', async () => {
    await page
      .locator('details')
      .first()
      .evaluate((node) => node.setAttribute('open', ''));
    const violations = await wcagViolations(page);
    expect(violations).toEqual([]);
  });

  it("answers a foreign Host or Origin with 403, and an action without the page's token with 403", async () => {
    const port = new URL(url).port;
    expect(await rawRequest('/', { host: `rebound.example:${port}` })).toBe(403);
    expect(
      await rawRequest('/api/coverage', { host: `127.0.0.1:${port}`, origin: 'http://rebound.example' }),
    ).toBe(403);
    expect(await rawRequest('/api/coverage', { host: `localhost:${port}` })).toBe(200);
    const post = {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
      'content-type': 'application/json',
    };
    expect(await rawRequest('/api/retry', post, 'POST')).toBe(403);
    expect(await rawRequest('/api/retry', { ...post, 'x-console-token': 'guessed' }, 'POST')).toBe(403);
  });

  it('answers bad input with 400 and an oversized action with 413, and keeps serving', async () => {
    const port = new URL(url).port;
    const token = (await page.locator('meta[name="console-token"]').getAttribute('content')) as string;
    const own = { host: `127.0.0.1:${port}` };
    expect(await rawRequest('/api/cell?resource=nope&day=2026-01-11&state=failed', own)).toBe(400);
    expect(await rawRequest('/api/cell?resource=sleep&day=2026-02-30&state=failed', own)).toBe(400);
    expect(await rawRequest('/api/cell?resource=sleep&day=2026-01-11&state=lost', own)).toBe(400);
    const post = { ...own, origin: `http://127.0.0.1:${port}`, 'x-console-token': token };
    expect(await rawRequest('/api/retry', post, 'POST')).toBe(400);
    expect(
      await rawRequest('/api/clear', post, 'POST', JSON.stringify({ users: ['x'.repeat(70_000)] })),
    ).toBe(413);
    expect(await rawRequest('/api/coverage', own)).toBe(200);
  });

  it('answers an oversized action sent without a length with 413 while it is still sent, and keeps serving', async () => {
    const port = new URL(url).port;
    const token = (await page.locator('meta[name="console-token"]').getAttribute('content')) as string;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/api/clear', url), {
        method: 'POST',
        headers: {
          host: `127.0.0.1:${port}`,
          origin: `http://127.0.0.1:${port}`,
          'x-console-token': token,
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.on('error', reject);
      // 160 KiB in slices, still being written when the server has seen enough to refuse it.
      let sent = 0;
      const write = () => {
        if (sent++ === 10) return req.end();
        req.write('x'.repeat(16_384));
        setTimeout(write, 20);
      };
      write();
    });
    expect(status).toBe(413);
    expect(await rawRequest('/api/coverage', { host: `127.0.0.1:${port}` })).toBe(200);
  });

  it('sends every request to its own origin, under a CSP that allows only it', async () => {
    const origin = new URL(url).origin;
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((r) => new URL(r).origin !== origin)).toEqual([]);
    const response = await fetch(url);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    await response.text();
  });

  it('takes the screenshot the README shows', async () => {
    await page
      .locator('details')
      .first()
      .evaluate((node) => node.removeAttribute('open'));
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 1000, height: 820 } });
    writeFileSync(artifactPath(packageRoot, 'console.png'), shot);
    // SVC_SYNC_WRITE_SCREENSHOT=1 writes it where the README shows it: the picture is this test's.
    if (process.env.SVC_SYNC_WRITE_SCREENSHOT === '1')
      writeFileSync(new URL('media/console.png', packageRoot), shot);
    const shown = readFileSync(new URL('media/console.png', packageRoot));
    // The README's picture is a screenshot of this size (PNG: width and height at bytes 16 and 20).
    expect([shown.readUInt32BE(16), shown.readUInt32BE(20)]).toEqual([
      shot.readUInt32BE(16),
      shot.readUInt32BE(20),
    ]);
    expect(shot.length).toBeGreaterThan(1000);
  });
});
