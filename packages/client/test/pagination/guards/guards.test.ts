import { describe, expect, test } from 'vitest';
import {
  MaxPagesExceededError,
  PaginationError,
  RepeatedCursorError,
  StalledPageError,
  SvcError,
  ValidationError,
} from '../../../src/index.js';
import { cursorRoute, LAB_TEST_ID, markersRoute, stepsPage, USER_ID } from '../pages-of.js';
import { serve } from '../serve.js';

const params = { user_id: USER_ID, start_date: '2026-11-01' };
/** Long enough for a request sent by mistake to reach the loopback server. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('guards against walks that never end', () => {
  test('a cursor that repeats throws RepeatedCursorError after the unique pages were yielded', async () => {
    const { client, server } = await serve(
      cursorRoute({
        '': stepsPage({ fitbit: [1] }, { next_cursor: 'c2' }),
        c2: stepsPage({ fitbit: [2] }, { next_cursor: 'c3' }),
        c3: stepsPage({ fitbit: [3] }, { next_cursor: 'c2' }),
      }),
    );
    const values: number[] = [];
    const walk = async () => {
      for await (const { point } of client.getStepsGrouped(params)) values.push(point.value);
    };
    const error = await walk().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RepeatedCursorError);
    expect(error).toMatchObject({ cursor: 'c2', operationId: 'getStepsGrouped', pagesYielded: 3 });
    expect(values).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(3);
  });

  test('a cursor equal to the one the caller started from counts as repeated', async () => {
    const { client } = await serve(cursorRoute({ c1: stepsPage({ fitbit: [1] }, { next_cursor: 'c1' }) }));
    await expect(
      client.getStepsGrouped({ ...params, next_cursor: 'c1' }).toArray({ limit: 10 }),
    ).rejects.toThrow(RepeatedCursorError);
  });

  test('a page number that does not advance throws StalledPageError instead of yielding the same page again', async () => {
    // The service ignores `page` and always answers page 1 of 3.
    const stuck = markersRoute(9, (_page, size) => ({ total: 9, page: 1, size, pages: 3 }));
    const { client, server } = await serve((request, index) =>
      stuck({ ...request, query: { size: '3' } }, index),
    );
    const walk = client.listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 3 });
    const error = await walk.toArray({ limit: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StalledPageError);
    expect(error).toMatchObject({ page: 1, previousPage: 1, pagesYielded: 1 });
    expect(server.requests).toHaveLength(2);
  });

  test('a walk that needs more than maxPages pages throws MaxPagesExceededError without requesting the extra page', async () => {
    const endless = (request: { query: Record<string, string> }) => {
      const n = Number(request.query.next_cursor ?? 0);
      return { body: stepsPage({ fitbit: [n] }, { next_cursor: String(n + 1) }) };
    };
    const { client, server } = await serve(endless);
    const error = await client
      .getStepsGrouped(params, { maxPages: 5 })
      .toArray({ limit: 1000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MaxPagesExceededError);
    expect(error).toMatchObject({ maxPages: 5, pagesYielded: 5 });
    expect(server.requests).toHaveLength(5);
  });

  test('a walk of exactly maxPages pages completes', async () => {
    const { client } = await serve(markersRoute(6));
    const markers = await client
      .listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 }, { maxPages: 3 })
      .toArray({
        limit: 100,
      });
    expect(markers).toHaveLength(6);
  });

  test('pagination errors belong to the client error hierarchy', () => {
    const error = new StalledPageError('listMarkers', 2, 1, 1);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toBeInstanceOf(SvcError);
    expect(error.name).toBe('StalledPageError');
  });
});

describe('bad input is refused before any request is sent', () => {
  // A paginated call sends nothing until it is awaited or walked, so a refused limit sends nothing at all.
  test('toArray without a valid limit throws ValidationError before any request is sent', async () => {
    const { client, server } = await serve(markersRoute(3));
    const walk = client.listMarkers();
    // @ts-expect-error the limit is required; plain JavaScript callers get the ValidationError
    await expect(walk.toArray()).rejects.toThrow(ValidationError);
    await expect(walk.toArray({ limit: 0 })).rejects.toMatchObject({ field: 'limit' });
    await expect(walk.toArray({ limit: 2.5 })).rejects.toThrow(ValidationError);
    await aWhile();
    expect(server.requests).toHaveLength(0);
  });

  test('a limit that cannot be printed (an object whose toString is not a function) is still a ValidationError', async () => {
    const { client, server } = await serve(markersRoute(3));
    const walk = client.listMarkers();
    for (const limit of [{ toString: 0n }, Object.create(null), Symbol('limit')]) {
      const error = await walk.toArray({ limit } as never).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('limit');
    }
    await aWhile();
    expect(server.requests).toHaveLength(0);
  });

  test('a maxPages that is not a positive integer is refused before the first page is requested', async () => {
    const { client, server } = await serve(markersRoute(3));
    await expect(client.listMarkers({}, { maxPages: 0 })).rejects.toThrow(ValidationError);
    await expect(client.listMarkers({}, { maxPages: 1.5 }).toArray({ limit: 10 })).rejects.toMatchObject({
      field: 'maxPages',
    });
    const walk = async () => {
      for await (const _ of client.listMarkers({}, { maxPages: -1 })) break;
    };
    await expect(walk()).rejects.toMatchObject({ field: 'maxPages' });
    expect(server.requests).toHaveLength(0);
  });

  // Found by the full reliability run: building the message with String() threw a TypeError instead.
  test('an object whose toString is not callable, as limit or maxPages, still gets a ValidationError', async () => {
    const { client, server } = await serve(markersRoute(3));
    const odd = { toString: '' } as unknown as number;
    await expect(client.listMarkers({}, { maxPages: odd })).rejects.toMatchObject({ field: 'maxPages' });
    expect(server.requests).toHaveLength(0);
    await expect(client.listMarkers().toArray({ limit: odd })).rejects.toMatchObject({ field: 'limit' });
  });

  test('mergeByProvider on an operation without grouped items throws ValidationError', async () => {
    const { client } = await serve(markersRoute(3));
    await expect(
      client.listMarkers().toArray({ limit: 10, mergeByProvider: true } as never),
    ).rejects.toMatchObject({ field: 'mergeByProvider' });
  });
});
