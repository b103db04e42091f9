import type { components } from '@svc/types';
import { describe, expectTypeOf, test } from 'vitest';
import type { PaginatedItem, PaginatedPage, PaginationApi } from '../../src/index.js';

type Schemas = components['schemas'];
declare const pages: PaginationApi;
const steps = { user_id: 'u', start_date: '2026-11-01' };

describe('items are typed from the spec', () => {
  test('a steps item is a TimeseriesPoint with its provider slug and SourceContext', async () => {
    for await (const item of pages.getStepsGrouped(steps)) {
      expectTypeOf(item.point).toEqualTypeOf<Schemas['TimeseriesPoint']>();
      expectTypeOf(item.source).toEqualTypeOf<Schemas['SourceContext']>();
      expectTypeOf(item.provider).toEqualTypeOf<string>();
      expectTypeOf(item.point.value).toEqualTypeOf<number>();
    }
  });

  test('a marker list item is a Marker', async () => {
    for await (const marker of pages.listLabTestMarkers({ lab_test_id: 'id' })) {
      expectTypeOf(marker).toEqualTypeOf<Schemas['Marker']>();
    }
    expectTypeOf<PaginatedItem<'listMarkers'>>().toEqualTypeOf<Schemas['Marker']>();
  });

  test('pages() yields the response bodies of the spec', () => {
    expectTypeOf(pages.getStepsGrouped(steps).pages()).toEqualTypeOf<
      AsyncIterableIterator<Schemas['GroupedTimeseries']>
    >();
    expectTypeOf<PaginatedPage<'listLabTestMarkers'>>().toEqualTypeOf<Schemas['NestedMarkerList']>();
  });

  test('toArray gives items, or points per provider with mergeByProvider', () => {
    expectTypeOf(pages.listMarkers().toArray({ limit: 5 })).resolves.toEqualTypeOf<Schemas['Marker'][]>();
    expectTypeOf(
      pages.getStepsGrouped(steps).toArray({ limit: 5, mergeByProvider: true }),
    ).resolves.toEqualTypeOf<Record<string, Schemas['TimeseriesPoint'][]>>();
  });

  test('iterate(operationId) is typed like the named method', () => {
    expectTypeOf(pages.iterate('getStepsGrouped', steps)).toEqualTypeOf(pages.getStepsGrouped(steps));
  });
});

describe('inputs are checked by the compiler', () => {
  test('required params of the operation are required', () => {
    // @ts-expect-error start_date is required by the spec
    pages.getStepsGrouped({ user_id: 'u' });
    // @ts-expect-error lab_test_id is a path parameter, always required
    pages.listLabTestMarkers({ size: 10 });
    pages.listMarkers();
  });

  test('params are the operation params, and a wrongly typed one is refused', () => {
    // @ts-expect-error size is an integer
    pages.listMarkers({ size: '10' });
    pages.listLabTestMarkers({ lab_test_id: 'id', page: 2, size: 100 }, { maxPages: 10, maxRetries: 3 });
  });

  test('toArray requires a limit', () => {
    // @ts-expect-error a limit is required
    pages.listMarkers().toArray();
    // @ts-expect-error a limit is required
    pages.listMarkers().toArray({});
  });

  test('mergeByProvider exists only where items are grouped', () => {
    // @ts-expect-error markers are not grouped per provider
    pages.listMarkers().toArray({ limit: 5, mergeByProvider: true });
  });

  test('iterate accepts only paginated operations', () => {
    // @ts-expect-error resolveUser is not paginated
    pages.iterate('resolveUser', {});
  });
});
