import { artifactPath, launchChromium } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const packageRoot = new URL('../../', import.meta.url);

const mockUrl = inject('mockUrl');
const pageUrl = inject('pageUrl');
const headers = { 'x-svc-api-key': 'node-side-check' };

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
/** Requests the page sent to the mock, as Chromium saw them (preflights included). */
const mockRequests: { method: string; url: string; headers: Record<string, string> }[] = [];
const clientVersion = (
  (await import('@svc/client/package.json', { with: { type: 'json' } })) as { default: { version: string } }
).default.version;

/** What Node gets from the mock for the same call: the page must render exactly this. */
async function fromMock<T>(path: string): Promise<T> {
  const response = await fetch(`${mockUrl}${path}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().startsWith(mockUrl))
      mockRequests.push({ method: request.method(), url: request.url(), headers: request.headers() });
  });
  await page.goto(`${pageUrl}/?mock=${encodeURIComponent(mockUrl)}`);
  await page.waitForSelector('body[data-state="ready"], body[data-state="failed"]');
  await page.screenshot({ path: artifactPath(packageRoot, 'client-in-browser.png'), fullPage: true });
});

afterAll(async () => {
  await browser?.close();
});

describe('@svc/client bundled by esbuild and run in headless Chromium against the mock', () => {
  it('loads and finishes without an error', async () => {
    expect(await page.locator('body').getAttribute('data-state'), await text('app')).toBe('ready');
    expect(pageErrors).toEqual([]);
  });

  it('calls the mock cross-origin: the page and the mock are different origins', () => {
    expect(new URL(pageUrl).origin).not.toBe(new URL(mockUrl).origin);
    expect(mockRequests.map(({ method, url }) => `${method} ${new URL(url).pathname}`)).toContain(
      'GET /v2/providers',
    );
  });

  it('names the SDK version in x-svc-sdk (the mock allows it cross-origin) and leaves User-Agent to Chromium', () => {
    const calls = mockRequests.filter(({ method }) => method === 'GET');
    expect(calls.length).toBeGreaterThan(0);
    for (const { headers: sent } of calls) {
      expect(sent['x-svc-sdk']).toBe(`typescript/${clientVersion}`);
      expect(sent['user-agent']).not.toContain('svc-sdk');
    }
  });

  it('refuses a team API key in the page without dangerouslyAllowBrowser', async () => {
    expect(await text('guard')).toContain('ValidationError dangerouslyAllowBrowser');
  });

  it('renders the providers the mock serves', async () => {
    const providers = await fromMock<{ name: string; slug: string; auth_type: string }[]>('/v2/providers');
    expect(providers.length).toBeGreaterThan(0);
    const rows = await page.getByTestId('providers').locator('tr').allInnerTexts();
    expect(rows.slice(1).map((row) => row.split('\t'))).toEqual(
      providers.map(({ name, slug, auth_type }) => [name, slug, auth_type]),
    );
  });

  it('resolves a user and reads its steps with the user id it got', async () => {
    const user = await fromMock<{ user_id: string }>('/v2/user/resolve/browser-user-1');
    expect(await text('user')).toContain(user.user_id);
    const steps = await fromMock<{ groups: Record<string, { data: unknown[] }[]> }>(
      `/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-11-01`,
    );
    for (const [provider, groups] of Object.entries(steps.groups)) {
      const points = groups.reduce((sum, group) => sum + group.data.length, 0);
      expect(await text('steps')).toContain(`${provider}: ${points} points`);
    }
  });

  it('keeps the typed errors: a 404 is a NotFoundError, a bad uuid a ValidationError sent nowhere', async () => {
    expect(await text('errors')).toContain('NotFoundError 404; ValidationError user_id');
    expect(mockRequests.some(({ url }) => url.includes('not-a-uuid'))).toBe(false);
  });
});
