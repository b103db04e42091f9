import type { operations } from '@svc/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type APIPromise,
  createClient,
  type GetStepsGroupedItem,
  type GroupedItem,
  type ListLabTestMarkersItem,
  type ListLabTestMarkersParams,
  type ListLabTestMarkersResponse,
  type NamedData,
  type NamedParams,
  type PagePromise,
  type ResolveUserParams,
  type ResolveUserResponse,
} from '../../src/index.js';

const client = createClient({ apiKey: 'k', region: 'eu' });
const LAB_TEST_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('named operation types', () => {
  it('names the params and response of every operation', () => {
    expectTypeOf<ListLabTestMarkersParams>().toEqualTypeOf<NamedParams<operations['listLabTestMarkers']>>();
    expectTypeOf<ListLabTestMarkersResponse>().toEqualTypeOf<NamedData<operations['listLabTestMarkers']>>();
    expectTypeOf<ResolveUserParams>().toEqualTypeOf<{ client_user_id: string }>();
    expectTypeOf(client.resolveUser({ client_user_id: 'u' })).toEqualTypeOf<
      APIPromise<ResolveUserResponse>
    >();
  });

  it('types a paginated method as awaitable for a page and iterable over items', async () => {
    const call = client.listLabTestMarkers({ lab_test_id: LAB_TEST_ID });
    expectTypeOf(call).toEqualTypeOf<PagePromise<ListLabTestMarkersResponse, ListLabTestMarkersItem>>();
    expectTypeOf(await call).toEqualTypeOf<ListLabTestMarkersResponse>();
    for await (const item of call) expectTypeOf(item).toEqualTypeOf<ListLabTestMarkersItem>();
    expectTypeOf<ListLabTestMarkersItem>().toEqualTypeOf<
      NonNullable<ListLabTestMarkersResponse['markers']>[number]
    >();
  });

  it('yields { provider, source, point } for a grouped timeseries', async () => {
    for await (const item of client.getStepsGrouped({ user_id: 'u', start_date: '2026-11-01' })) {
      expectTypeOf(item).toEqualTypeOf<GetStepsGroupedItem>();
      expectTypeOf(item.provider).toEqualTypeOf<string>();
      expectTypeOf(item).toMatchTypeOf<GroupedItem<unknown, unknown>>();
    }
  });

  it('does not make other methods iterable', () => {
    // @ts-expect-error resolveUser is not paginated
    client.resolveUser({ client_user_id: 'u' })[Symbol.asyncIterator];
  });
});
