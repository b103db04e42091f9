import { describe, expect, test } from 'vitest';
import { LAB_TEST_ID, marker, markersRoute } from '../pages-of.js';
import { serve } from '../serve.js';

const ids = (markers: Array<{ id?: number }>) => markers.map((item) => item.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('page pagination of the marker lists', () => {
  test('walks page and size until the last page that pages announces', async () => {
    const { client, server } = await serve(markersRoute(7));
    const markers = [];
    for await (const item of client.listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 3 }))
      markers.push(item);
    expect(ids(markers)).toEqual(range(1, 7));
    // The call sends the params as given (the service's first page); the walk numbers the pages after it.
    expect(server.requests.map((request) => request.query)).toEqual([
      { size: '3' },
      { page: '2', size: '3' },
      { page: '3', size: '3' },
    ]);
    expect(server.requests[0]?.path).toBe(`/v3/lab_tests/${LAB_TEST_ID}/markers`);
  });

  test('stops on total and the echoed size when the response has no pages field', async () => {
    const { client, server } = await serve(markersRoute(6, (page, size) => ({ total: 6, page, size })));
    const markers = await client.listMarkers({ lab_slug: 'quest', size: 3 }).toArray({ limit: 100 });
    expect(ids(markers)).toEqual(range(1, 6));
    expect(server.requests).toHaveLength(2);
  });

  test('stops once it has seen total items when the response echoes no size', async () => {
    const { client, server } = await serve(markersRoute(5, () => ({ total: 5 })));
    const markers = await client.listMarkers({ size: 2 }).toArray({ limit: 100 });
    expect(ids(markers)).toEqual(range(1, 5));
    expect(server.requests).toHaveLength(3);
  });

  test('does not trust the requested size when the service caps it', async () => {
    // Asked for 100 per page, the service serves 2: the walk must still reach the last of 5 markers.
    const capped = markersRoute(5, (page) => ({ total: 5, page, size: 2 }));
    const { client } = await serve((request, index) =>
      capped({ ...request, query: { ...request.query, size: '2' } }, index),
    );
    expect(ids(await client.listMarkers({ size: 100 }).toArray({ limit: 100 }))).toEqual(range(1, 5));
  });

  test('stops on an empty page when neither pages nor total are given', async () => {
    const { client, server } = await serve(markersRoute(4, () => ({})));
    const markers = await client.listMarkers({ size: 2 }).toArray({ limit: 100 });
    expect(ids(markers)).toEqual(range(1, 4));
    expect(server.requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
  });

  test('an empty first page yields nothing after one request', async () => {
    const { client, server } = await serve(markersRoute(0));
    expect(await client.listMarkers({ lab_id: 1 }).toArray({ limit: 10 })).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  test('starts from the page given in params', async () => {
    const { client, server } = await serve(markersRoute(7));
    const markers = await client
      .listLabTestMarkers({ lab_test_id: LAB_TEST_ID, page: 2, size: 3 })
      .toArray({ limit: 100 });
    expect(ids(markers)).toEqual(range(4, 7));
    expect(server.requests.map((request) => request.query.page)).toEqual(['2', '3']);
  });

  test('pages() yields each envelope with its markers and counts', async () => {
    const { client } = await serve(markersRoute(3));
    const envelopes = [];
    for await (const envelope of client.listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 }).pages()) {
      envelopes.push(envelope);
    }
    expect(envelopes).toEqual([
      { markers: [marker(1), marker(2)], total: 3, page: 1, size: 2, pages: 2 },
      { markers: [marker(3)], total: 3, page: 2, size: 2, pages: 2 },
    ]);
  });
});
