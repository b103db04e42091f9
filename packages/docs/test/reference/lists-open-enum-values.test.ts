import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadSpec } from '@svc/spec';
import { launchChromium } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const referenceFile = fileURLToPath(new URL('../../dist/index.html', import.meta.url));
const spec = loadSpec() as unknown as Json;

const resolve = (node: unknown): Json => {
  const ref = (node as Json | undefined)?.$ref;
  if (typeof ref !== 'string') return (node ?? {}) as Json;
  return resolve(
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((parent, key) => (parent as Json)[key], spec),
  );
};

/** Every operation parameter whose schema is a non-exhaustive enum, with its known values, from the spec. */
const cases = Object.values(spec.paths as Record<string, Json>).flatMap((item) =>
  ['get', 'put', 'post', 'delete', 'patch'].flatMap((method) => {
    const operation = item[method] as Json | undefined;
    if (!operation) return [];
    return ((operation.parameters as unknown[]) ?? []).map(resolve).flatMap((parameter) => {
      const schema = resolve(parameter.schema);
      if (schema['x-svc-non-exhaustive'] !== true) return [];
      const known = ((schema.anyOf as Json[])[0] as { enum: string[] }).enum;
      const tag = (operation.tags as string[])[0] as string;
      return [
        [`${operation.operationId} ${parameter.name}`, tag, operation.operationId as string, known] as const,
      ];
    });
  }),
);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : route.abort('internetdisconnected'),
  );
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 16: the reference still lists the known values of a non-exhaustive enum', () => {
  it('finds the open-enum parameters in the spec', () => {
    expect(cases.map(([name]) => name)).toContain('completePasswordProviderMfa provider');
  });

  it.each(cases)(
    '%s shows "Any of: Known values | Other values" and its values',
    async (_name, tag, id, known) => {
      await page.goto(
        `${pathToFileURL(referenceFile).href}#tag/${tag.toLowerCase().replace(/\s+/g, '-')}/operation/${id}`,
      );
      // Rendered text, not textContent: the page also inlines the spec JSON, which would prove nothing.
      const text = async () =>
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text is what is checked here.
        (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      await expect.poll(text, { timeout: 15_000 }).toContain('Known values');
      const rendered = await text();
      expect(rendered).toContain('Other values');
      // Redoc labels a list "Enum:" and a single known value "Value:".
      expect(rendered).toMatch(known.length > 1 ? /Enum:/ : /Value:/);
      // Redoc shows the first values and folds the rest behind "+N more".
      for (const value of known.slice(0, Math.min(known.length, 5))) expect(rendered).toContain(`"${value}"`);
    },
  );
});
