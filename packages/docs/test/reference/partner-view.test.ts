import { artifactPath } from '@svc/tools/chromium';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReference } from '../fixtures/reference-page.js';

const packageRoot = new URL('../../', import.meta.url);

let browser: Browser;
let page: Page;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Text as rendered (innerText), not the spec JSON inlined in the page. */
async function renderedText(): Promise<string> {
  return textOf(page.locator('body'));
}

async function textOf(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text is what is checked here.
  return collapse(await locator.innerText());
}

beforeAll(async () => {
  ({ browser, page } = await openReference({ width: 1400, height: 1000 }));
});

afterAll(async () => {
  await browser?.close();
});

describe('an operation page, as a partner sees it', () => {
  it('shows the @svc/client call and the curl command, with example values, and how to send the key', async () => {
    await page.getByRole('link', { name: 'Timeseries', exact: true }).first().click();
    await page
      .locator('a[href^="#/"]')
      .filter({ hasText: 'Read the grouped steps timeseries of a user' })
      .first()
      .click();
    const samples = page.locator('.panel-request-samples').first();
    await expect.poll(() => textOf(samples)).toContain('svc.getStepsGrouped(');
    const typescript = await textOf(samples);
    expect(typescript).toContain('TypeScript (@svc/client)');
    // The ids come from earlier calls, as a partner gets them, not from the spec's examples.
    expect(typescript).toContain("svc.resolveUser({ client_user_id: 'patient-1' })");
    expect(typescript).toContain('user_id: user.user_id');
    expect(typescript).not.toMatch(/: 'string'/);
    // The key is the operation's security requirement (the x-svc-api-key header), not a parameter.
    expect(await renderedText()).toMatch(/Security .*apiKey/);
    await page.screenshot({ path: artifactPath(packageRoot, 'operation-typescript-sample.png') });

    await samples.getByRole('button', { name: 'TypeScript (@svc/client)' }).click();
    await page.getByRole('menuitem', { name: 'curl' }).click();
    await expect
      .poll(() => textOf(samples))
      .toContain('curl "$SVC_BASE_URL/v2/timeseries/$USER_ID/steps/grouped?start_date=2026-01-01"');
    expect(await textOf(samples)).toContain('-H "x-svc-api-key: $SVC_API_KEY"');
    expect(await textOf(samples)).toContain('USER_ID=$(curl -s "$SVC_BASE_URL/v2/user/resolve/patient-1"');
    // Partners never saw the interface document: provenance lives in the appendix only.
    expect(await renderedText()).not.toMatch(/interface document|\(section \d+|section \d+(\.\d+)*\b/i);
    await page.screenshot({ path: artifactPath(packageRoot, 'operation-curl-sample.png') });
  });

  it('explains the API key once, in an authentication section', async () => {
    await page.getByRole('link', { name: 'Sending your API key', exact: true }).first().click();
    await expect.poll(renderedText).toContain('createClient({ apiKey })');
    const text = await renderedText();
    expect(text).toContain('x-svc-api-key');
    expect(text).toContain('createClient({ apiKey })');
  });

  it('says how webhook deliveries are signed and verified, with the @svc/events code', async () => {
    await page.getByRole('link', { name: 'Events', exact: true }).first().click();
    await page.getByRole('link', { name: 'Verifying deliveries', exact: true }).first().click();
    await expect.poll(renderedText).toContain('webhook-signature');
    await page.screenshot({ path: artifactPath(packageRoot, 'api-reference-webhook-verification.png') });
    const text = await renderedText();
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(text).toContain(header);
    expect(text).toContain('unwrapRequest(request, { secret: env.SVC_WEBHOOK_SECRET })');
  });

  it('keeps provenance in one appendix, built from the x-svc-* extensions', async () => {
    await page
      .getByRole('link', { name: 'Appendix: how this reference was derived', exact: true })
      .first()
      .click();
    await expect.poll(renderedText).toContain('x-svc-inferred-path');
    await page.screenshot({ path: artifactPath(packageRoot, 'api-reference-appendix.png') });
  });
});
