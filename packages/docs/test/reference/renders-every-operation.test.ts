import { lifecycleGraph } from '@svc/sandbox';
import { artifactPath } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageRoot = new URL('../../', import.meta.url);

import { openReference, type ReferencePage } from '../fixtures/reference-page.js';
import { type SpecEntry, specEntries } from '../fixtures/spec-entries.js';

const entries = specEntries();
const tags = [...new Set(entries.map((entry) => entry.tag))];

let browser: Browser;
let page: Page;
let blocked: ReferencePage['blocked'];

const stateNamesOf = (lifecycle: string) =>
  lifecycleGraph(lifecycle as Parameters<typeof lifecycleGraph>[0]).states.map((state) => state.name);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sidebar entries Redoc shows under one tag, after opening it: "summary METHOD" each. */
async function sidebarEntries(tag: string, expected: SpecEntry[]): Promise<string[]> {
  await page.getByRole('link', { name: tag, exact: true }).first().click();
  const links = page.locator('a[href^="#/"]');
  // The group expands after the click; read it once every entry the spec names is shown (or the wait
  // times out, and the assertion below names the missing one).
  await Promise.all(
    expected.map((entry) =>
      links
        .filter({ hasText: entry.summary })
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .catch(() => undefined),
    ),
  );
  return (await links.allInnerTexts()).map(collapse);
}

/** Text as rendered: textContent would also hold the spec JSON inlined in the page and prove nothing. */
async function mainText(): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text is what is checked here.
  return collapse(await page.locator('body').innerText());
}

beforeAll(async () => {
  ({ browser, page, blocked } = await openReference({ width: 1280, height: 900 }));
});

afterAll(async () => {
  await browser?.close();
});

describe('the API reference, opened offline in headless Chromium', () => {
  it('needs no network: scripts, styles and fonts are inlined (only a decorative logo is blocked)', async () => {
    await page.screenshot({ path: artifactPath(packageRoot, 'api-reference.png') });
    expect(blocked.filter(({ type }) => type !== 'image')).toEqual([]);
  });

  it.each(tags)(
    'lists every operation and webhook of the %s tag, each opening on its path or event name',
    async (tag) => {
      const tagEntries = entries.filter((entry) => entry.tag === tag);
      const sidebar = await sidebarEntries(tag, tagEntries);
      for (const entry of tagEntries) {
        expect(sidebar, `sidebar entry of ${entry.method} ${entry.name}`).toContain(
          `${entry.summary} ${entry.method}`,
        );
      }
      for (const entry of tagEntries) await expectOpens(entry);
      if (tag === 'Events')
        await page.screenshot({ path: artifactPath(packageRoot, 'api-reference-webhooks.png') });
    },
  );

  it('covers the whole spec: every operation and every webhook has a tag the test opened', () => {
    expect(entries.filter((entry) => entry.kind === 'operation').length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.kind === 'webhook').length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.tag === '')).toEqual([]);
  });
});

/** Clicks the entry in the sidebar and waits for its heading ("GET /v2/…", "POST daily.data.…") in the page. */
async function expectOpens(entry: SpecEntry): Promise<void> {
  await page.locator('a[href^="#/"]').filter({ hasText: entry.summary }).first().click();
  await expect
    .poll(mainText, { message: `${entry.kind} ${entry.method} ${entry.name} rendered`, timeout: 10_000 })
    .toContain(`${entry.method} ${entry.name}`);
}

describe('issue 48: the lab lifecycles in the rendered reference', () => {
  it.each([
    ['order', 'order'],
    ['phlebotomy appointment', 'phlebotomyAppointment'],
    ['service center appointment', 'pscAppointment'],
    ['lab report parsing job', 'parsingJob'],
  ])('draws the %s lifecycle as an SVG with every state of its machine', async (section, lifecycle) => {
    await page.getByRole('link', { name: 'Lab lifecycles', exact: true }).first().click();
    await page.getByRole('link', { name: section, exact: true }).first().click();
    const drawing = page.locator(`svg[data-lifecycle="${lifecycle}"]`);
    await drawing.waitFor({ state: 'visible', timeout: 10_000 });
    expect((await drawing.boundingBox())?.height).toBeGreaterThan(150);
    const states = (await drawing
      .locator('g[data-state]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')))) as string[];
    expect(states.sort()).toEqual(stateNamesOf(lifecycle).sort());
    if (lifecycle === 'order')
      await drawing.screenshot({ path: artifactPath(packageRoot, 'order-lifecycle.png') });
  });
});
