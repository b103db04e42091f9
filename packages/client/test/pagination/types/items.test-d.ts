import type { components } from '@svc/types';
import { describe, expectTypeOf, test } from 'vitest';
import { createClient, type ListLabTestMarkersResponse, type ListMarkersItem } from '../../../src/index.js';

type Schemas = components['schemas'];
const client = createClient({ apiKey: 'k', region: 'eu' });
const steps = { user_id: 'u', start_date: '2026-11-01' };

describe('items are typed from the spec', () => {
  test('a steps item is a TimeseriesPoint with its provider slug and SourceContext', async () => {
    for await (const item of client.getStepsGrouped(steps)) {
      expectTypeOf(item.point).toEqualTypeOf<Schemas['TimeseriesPoint']>();
      expectTypeOf(item.source).toEqualTypeOf<Schemas['SourceContext']>();
      expectTypeOf(item.provider).toEqualTypeOf<string>();
      expectTypeOf(item.point.value).toEqualTypeOf<number>();
    }
  });

  test('a marker list item is a Marker', async () => {
    for await (const marker of client.listLabTestMarkers({ lab_test_id: 'id' })) {
      expectTypeOf(marker).toEqualTypeOf<Schemas['Marker']>();
    }
    expectTypeOf<ListMarkersItem>().toEqualTypeOf<Schemas['Marker']>();
  });

  test('pages() yields the response bodies of the spec', () => {
    expectTypeOf(client.getStepsGrouped(steps).pages()).toEqualTypeOf<
      AsyncIterableIterator<Schemas['GroupedTimeseries']>
    >();
    expectTypeOf<ListLabTestMarkersResponse>().toEqualTypeOf<Schemas['NestedMarkerList']>();
  });

  test('toArray gives items, or points per provider with mergeByProvider', () => {
    expectTypeOf(client.listMarkers().toArray({ limit: 5 })).resolves.toEqualTypeOf<Schemas['Marker'][]>();
    expectTypeOf(
      client.getStepsGrouped(steps).toArray({ limit: 5, mergeByProvider: true }),
    ).resolves.toEqualTypeOf<Record<string, Schemas['TimeseriesPoint'][]>>();
  });
});

describe('inputs are checked by the compiler', () => {
  test('required params of the operation are required', () => {
    // @ts-expect-error start_date is required by the spec
    client.getStepsGrouped({ user_id: 'u' });
    // @ts-expect-error lab_test_id is a path parameter, always required
    client.listLabTestMarkers({ size: 10 });
    client.listMarkers();
  });

  test('params are the operation params, and a wrongly typed one is refused', () => {
    // @ts-expect-error size is an integer
    client.listMarkers({ size: '10' });
    client.listLabTestMarkers({ lab_test_id: 'id', page: 2, size: 100 }, { maxPages: 10, maxRetries: 3 });
  });

  test('maxPages is an option of paginated methods only', () => {
    // @ts-expect-error resolveUser does not page
    client.resolveUser({ client_user_id: 'u' }, { maxPages: 2 });
  });

  test('toArray requires a limit', () => {
    // @ts-expect-error a limit is required
    client.listMarkers().toArray();
    // @ts-expect-error a limit is required
    client.listMarkers().toArray({});
  });

  test('mergeByProvider exists only where items are grouped', () => {
    // @ts-expect-error markers are not grouped per provider
    client.listMarkers().toArray({ limit: 5, mergeByProvider: true });
  });
});
