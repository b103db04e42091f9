import { describe, expect, test } from 'vitest';
import { cursorRoute, point, source, stepsPage, USER_ID } from '../pages-of.js';
import { serve } from '../serve.js';

const params = { user_id: USER_ID, start_date: '2026-11-01', end_date: '2026-11-30' };

/** Two pages of one point each: the first names c2, the second ends the walk. */
const twoPages = () =>
  cursorRoute({
    '': stepsPage({ fitbit: [1] }, { next_cursor: 'c2' }),
    c2: stepsPage({ fitbit: [2] }, { next_cursor: null }),
  });

describe('cursor pagination of the grouped steps timeseries', () => {
  test('yields every point of every page with its provider and source, following next_cursor until null', async () => {
    const { client } = await serve(
      cursorRoute({
        '': stepsPage({ fitbit: [1, 2], garmin: [3] }, { next_cursor: 'c2' }),
        c2: stepsPage({ fitbit: [4] }, { next_cursor: 'c3' }),
        c3: stepsPage({ garmin: [5, 6] }, { next_cursor: null }),
      }),
    );
    const items = [];
    for await (const item of client.getStepsGrouped(params)) items.push(item);
    expect(items).toEqual([
      { provider: 'fitbit', source: source('fitbit'), point: point(1) },
      { provider: 'fitbit', source: source('fitbit'), point: point(2) },
      { provider: 'garmin', source: source('garmin'), point: point(3) },
      { provider: 'fitbit', source: source('fitbit'), point: point(4) },
      { provider: 'garmin', source: source('garmin'), point: point(5) },
      { provider: 'garmin', source: source('garmin'), point: point(6) },
    ]);
  });

  test("sends the caller's params on every request and the previous page's cursor as next_cursor", async () => {
    const { client, server } = await serve(twoPages());
    await client.getStepsGrouped({ ...params, provider: 'fitbit' }).toArray({ limit: 10 });
    expect(server.requests.map((request) => request.path)).toEqual([
      `/v2/timeseries/${USER_ID}/steps/grouped`,
      `/v2/timeseries/${USER_ID}/steps/grouped`,
    ]);
    const common = { start_date: '2026-11-01', end_date: '2026-11-30', provider: 'fitbit' };
    expect(server.requests.map((request) => request.query)).toEqual([
      common,
      { ...common, next_cursor: 'c2' },
    ]);
  });

  test('falls back to the deprecated next only when next_cursor is absent, sending it back as cursor', async () => {
    const { client, server } = await serve(
      cursorRoute({
        '': stepsPage({ fitbit: [1] }, { next: 'old-2' }),
        'old-2': stepsPage({ fitbit: [2] }, { next: 'old-3', next_cursor: 'c3' }),
        c3: stepsPage({ fitbit: [3] }, { next: null }),
      }),
    );
    const values = [];
    for await (const { point } of client.getStepsGrouped(params)) values.push(point.value);
    expect(values).toEqual([1, 2, 3]);
    const cursors = server.requests.map(({ query }) => ({
      next_cursor: query.next_cursor,
      cursor: query.cursor,
    }));
    expect(cursors).toEqual([
      { next_cursor: undefined, cursor: undefined },
      { next_cursor: undefined, cursor: 'old-2' },
      { next_cursor: 'c3', cursor: undefined },
    ]);
  });

  test('stops when next_cursor is null even if the deprecated next still names a page', async () => {
    const { client, server } = await serve(
      cursorRoute({
        '': stepsPage({ fitbit: [1] }, { next_cursor: null, next: 'stale' }),
        stale: stepsPage({ fitbit: [99] }, { next_cursor: null }),
      }),
    );
    expect(await client.getStepsGrouped(params).toArray({ limit: 10 })).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  test('walks past empty pages in the middle of a walk', async () => {
    const { client } = await serve(
      cursorRoute({
        '': stepsPage({ fitbit: [1] }, { next_cursor: 'c2' }),
        c2: { groups: {}, next_cursor: 'c3' },
        c3: stepsPage({ fitbit: [] }, { next_cursor: 'c4' }),
        c4: stepsPage({ fitbit: [4] }, { next_cursor: null }),
      }),
    );
    const values = [];
    for await (const { point } of client.getStepsGrouped(params)) values.push(point.value);
    expect(values).toEqual([1, 4]);
  });

  test('starts from a next_cursor given in params', async () => {
    const { client, server } = await serve(
      cursorRoute({ c2: stepsPage({ fitbit: [2] }, { next_cursor: null }) }),
    );
    const items = await client.getStepsGrouped({ ...params, next_cursor: 'c2' }).toArray({ limit: 10 });
    expect(items.map((item) => item.point.value)).toEqual([2]);
    expect(server.requests[0]?.query.next_cursor).toBe('c2');
  });

  test('pages() yields whole response bodies that keep their provider groups and source context', async () => {
    const first = stepsPage({ fitbit: [1], garmin: [2] }, { next_cursor: 'c2' });
    const second = stepsPage({ garmin: [3] }, { next_cursor: null });
    const { client } = await serve(cursorRoute({ '': first, c2: second }));
    const bodies = [];
    for await (const page of client.getStepsGrouped(params).pages()) bodies.push(page);
    expect(bodies).toEqual([first, second]);
  });

  test('each for await starts a fresh walk from the first page', async () => {
    const { client, server } = await serve(twoPages());
    const walk = client.getStepsGrouped(params);
    expect(await walk.toArray({ limit: 10 })).toHaveLength(2);
    expect(await walk.toArray({ limit: 10 })).toHaveLength(2);
    expect(server.requests.map((request) => request.query.next_cursor)).toEqual([
      undefined,
      'c2',
      undefined,
      'c2',
    ]);
  });

  test('sends no request until the call is awaited or walked', async () => {
    const { client, server } = await serve(twoPages());
    const walk = client.getStepsGrouped(params);
    await new Promise((resolve) => setTimeout(resolve, 20)); // long enough for a request sent by mistake
    expect(server.requests).toHaveLength(0);
    expect(await walk.toArray({ limit: 10 })).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  test('a walk first, then awaiting the call: the first page is requested once', async () => {
    const { client, server } = await serve(twoPages());
    const walk = client.getStepsGrouped(params);
    expect(await walk.toArray({ limit: 10 })).toHaveLength(2);
    expect((await walk).next_cursor).toBe('c2');
    expect(server.requests.map((request) => request.query.next_cursor)).toEqual([undefined, 'c2']);
  });

  test('params changed after the call do not change its requests', async () => {
    const { client, server } = await serve(twoPages());
    const given: { user_id: string; start_date: string; provider?: string } = { ...params };
    const walk = client.getStepsGrouped(given);
    given.provider = 'garmin';
    await walk.toArray({ limit: 10 });
    await walk;
    expect(server.requests.map((request) => request.query.provider)).toEqual([undefined, undefined]);
  });

  test('the call requests the first page once, and the first walk reuses it', async () => {
    const { client, server } = await serve(twoPages());
    const walk = client.getStepsGrouped(params);
    expect((await walk).next_cursor).toBe('c2');
    expect(server.requests).toHaveLength(1);
    expect(await walk.toArray({ limit: 10 })).toHaveLength(2);
    expect(server.requests.map((request) => request.query.next_cursor)).toEqual([undefined, 'c2']);
  });
});

describe('toArray on the grouped steps timeseries', () => {
  const book = cursorRoute({
    '': stepsPage({ fitbit: [1, 2], garmin: [3] }, { next_cursor: 'c2' }),
    c2: stepsPage({ fitbit: [4], garmin: [5] }, { next_cursor: 'c3' }),
    c3: stepsPage({ fitbit: [6] }, { next_cursor: null }),
  });

  test('stops requesting pages once it holds limit items', async () => {
    const { client, server } = await serve(book);
    const items = await client.getStepsGrouped(params).toArray({ limit: 3 });
    expect(items.map((item) => item.point.value)).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(1);
  });

  test('with mergeByProvider returns the points of each provider merged across pages', async () => {
    const { client } = await serve(book);
    const merged = await client.getStepsGrouped(params).toArray({ limit: 100, mergeByProvider: true });
    expect({ ...merged }).toEqual({
      fitbit: [point(1), point(2), point(4), point(6)],
      garmin: [point(3), point(5)],
    });
  });

  test('with mergeByProvider counts points against the limit', async () => {
    const { client } = await serve(book);
    const merged = await client.getStepsGrouped(params).toArray({ limit: 4, mergeByProvider: true });
    expect({ ...merged }).toEqual({ fitbit: [point(1), point(2), point(4)], garmin: [point(3)] });
  });
});
