// @svc/pagination on pages of any shape: a walk yields items or stops with a typed error, and never
// requests more than maxPages pages; bad limits and options are refused before the first request.
import { SvcError, ValidationError } from '@svc/client';
import { paginate, paginatedOperations } from '@svc/pagination';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { anyValue, validArb } from './schema-arbitrary.js';

const PAGE_SCHEMAS = {
  getStepsGrouped: 'GroupedTimeseries',
  listMarkers: 'MarkerList',
  listLabTestMarkers: 'NestedMarkerList',
} as const;
type Paginated = keyof typeof PAGE_SCHEMAS;
const MAX_PAGES = 5;

/** A client whose paginated methods answer with the given pages in turn, then a page that ends the walk. */
function pagedClient(pages: unknown[]) {
  let calls = 0;
  const END = { groups: {}, markers: [], next_cursor: null, total: 0 };
  const answer = async () => {
    const page = calls < pages.length ? pages[calls] : END;
    calls++;
    return page;
  };
  return {
    client: { getStepsGrouped: answer, listMarkers: answer, listLabTestMarkers: answer },
    calls: () => calls,
  };
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
    expect(Object.keys(paginatedOperations).sort()).toEqual(Object.keys(PAGE_SCHEMAS).sort());
  });

  it.each(Object.entries(PAGE_SCHEMAS) as Array<[Paginated, string]>)(
    '%s walks any sequence of pages to items or a typed error, within maxPages',
    async (id, schema) => {
      const page = fc.oneof(
        { arbitrary: validArb({ $ref: `#/components/schemas/${schema}` }), weight: 4 },
        { arbitrary: anyValue, weight: 1 },
      );
      const params =
        id === 'getStepsGrouped' ? { user_id: 'u', start_date: '2026-11-01' } : { lab_test_id: 'l' };
      await fc.assert(
        fc.asyncProperty(
          fc.array(page, { maxLength: 8 }),
          fc.integer({ min: 1, max: 50 }),
          async (pages, limit) => {
            const fake = pagedClient(pages);
            const walk = (
              paginate(fake.client as never, { maxPages: MAX_PAGES }) as never as Record<
                Paginated,
                (params: unknown) => { toArray(options: { limit: number }): Promise<unknown[]> }
              >
            )[id](params);
            const result = await settle(() => walk.toArray({ limit }));
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
            ? paginate(fake.client as never)
                .listMarkers({})
                .toArray({ limit: value as number })
            : paginate(fake.client as never, { maxPages: value as number })
                .listMarkers({})
                .toArray({ limit: 1 });
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
