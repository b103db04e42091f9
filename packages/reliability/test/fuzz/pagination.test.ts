// The client's paginated methods on pages of any shape: a walk yields items or stops with a typed error,
// and never requests more than maxPages pages; bad limits and options are refused before the first request.
import {
  createClient,
  type FetchLike,
  type OperationId,
  operationRules,
  type PaginateOptions,
  SvcError,
  ValidationError,
} from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { specOperations } from '../spec.js';
import { API_KEY, BASE_URL } from './recording-fetch.js';
import { anyValue, validArb } from './schema-arbitrary.js';

const PAGE_SCHEMAS = {
  getStepsGrouped: 'GroupedTimeseries',
  listMarkers: 'MarkerList',
  listLabTestMarkers: 'NestedMarkerList',
} as const;
type Paginated = keyof typeof PAGE_SCHEMAS;
const MAX_PAGES = 5;

const PARAMS: Record<Paginated, object> = {
  getStepsGrouped: { user_id: '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b', start_date: '2026-11-01' },
  listMarkers: {},
  listLabTestMarkers: { lab_test_id: '0b9efd15-4633-496a-9b17-842b96246038' },
};

/** A page as the wire carries it: JSON where JSON can spell the value, else the bare text (not JSON). */
function answer(page: unknown): Response {
  let text: string | undefined;
  try {
    text = JSON.stringify(page);
  } catch {
    // a BigInt, or a cycle
  }
  return new Response(text ?? String(page), { headers: { 'content-type': 'application/json' } });
}

/** A real client whose fetch answers with the given pages in turn, then a page that ends the walk. */
function pagedClient(pages: unknown[]) {
  let calls = 0;
  const END = { groups: {}, markers: [], next_cursor: null, total: 0 };
  const fetch: FetchLike = async () => {
    const page = calls < pages.length ? pages[calls] : END;
    calls++;
    return answer(page);
  };
  const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, maxRetries: 0 });
  type Walk = { toArray(options: { limit: number }): Promise<unknown[]> };
  const walk = (id: Paginated, options?: PaginateOptions) =>
    (client as unknown as Record<Paginated, (params: object, options?: PaginateOptions) => Walk>)[id](
      PARAMS[id],
      options,
    );
  return { walk, calls: () => calls };
}

const settle = async (run: () => Promise<unknown>) => {
  try {
    return { value: await run() };
  } catch (error) {
    return { error };
  }
};

describe('pagination on pages of any shape', () => {
  it('knows the page schema of every paginated operation', () => {
    const paginated = specOperations
      .filter((operation) => operationRules(operation.id as OperationId).pagination)
      .map((operation) => operation.id);
    expect(paginated.sort()).toEqual(Object.keys(PAGE_SCHEMAS).sort());
  });

  it.each(Object.entries(PAGE_SCHEMAS) as Array<[Paginated, string]>)(
    '%s walks any sequence of pages to items or a typed error, within maxPages',
    async (id, schema) => {
      const page = fc.oneof(
        { arbitrary: validArb({ $ref: `#/components/schemas/${schema}` }), weight: 4 },
        { arbitrary: anyValue, weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(page, { maxLength: 8 }),
          fc.integer({ min: 1, max: 50 }),
          async (pages, limit) => {
            const fake = pagedClient(pages);
            const result = await settle(() => fake.walk(id, { maxPages: MAX_PAGES }).toArray({ limit }));
            if ('error' in result) expect(result.error).toBeInstanceOf(SvcError);
            else expect((result.value as unknown[]).length).toBeLessThanOrEqual(limit);
            expect(fake.calls()).toBeLessThanOrEqual(MAX_PAGES);
          },
        ),
        { numRuns: FUZZ_RUNS, seed: SEED },
      );
    },
  );

  it('refuses a bad limit or maxPages with ValidationError before any request', async () => {
    const bad = fc.oneof(anyValue, fc.constantFrom(0, -1, 1.5, Number.NaN));
    await fc.assert(
      fc.asyncProperty(bad, fc.boolean(), async (value, asLimit) => {
        const fake = pagedClient([]);
        const run = () =>
          asLimit
            ? fake.walk('listMarkers').toArray({ limit: value as number })
            : fake.walk('listMarkers', { maxPages: value as number }).toArray({ limit: 1 });
        const result = await settle(run);
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(ValidationError);
          expect(fake.calls()).toBe(0);
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });
});
