import { eachOperation, followRef, loadSpec } from '@svc/spec';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReference, referenceUrl } from '../fixtures/reference-page.js';

const spec = loadSpec();

/** Every operation parameter whose schema is a non-exhaustive enum, with its known values, from the spec. */
const cases = [...eachOperation(spec)].flatMap(({ operation, parameters }) =>
  parameters.flatMap((parameter) => {
    const schema = followRef(spec, parameter.schema) ?? {};
    if (schema['x-svc-non-exhaustive'] !== true) return [];
    const known = schema.anyOf?.[0]?.enum as string[];
    const tag = operation.tags?.[0] as string;
    return [
      [`${operation.operationId} ${parameter.name}`, tag, operation.operationId as string, known] as const,
    ];
  }),
);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openReference({ width: 1280, height: 900 }));
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
      await page.goto(referenceUrl(`#tag/${tag.toLowerCase().replace(/\s+/g, '-')}/operation/${id}`));
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
