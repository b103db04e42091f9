import type { Handler as Route } from '@svc/test-kit';
import { describe, expect, test } from 'vitest';
import { InternalServerError, TimeoutError } from '../../../src/index.js';
import { stepsPage, USER_ID } from '../pages-of.js';
import { serve } from '../serve.js';

const params = { user_id: USER_ID, start_date: '2026-11-01' };

/** Three pages; the first request for page 2 fails with a 503 (Retry-After: 0, so no wait). */
function flakyBook(): Route {
  let failed = false;
  const book: Record<string, unknown> = {
    '': stepsPage({ fitbit: [1, 2] }, { next_cursor: 'c2' }),
    c2: stepsPage({ fitbit: [3, 4] }, { next_cursor: 'c3' }),
    c3: stepsPage({ fitbit: [5] }, { next_cursor: null }),
  };
  return ({ query }) => {
    const cursor = query.next_cursor ?? '';
    if (cursor === 'c2' && !failed) {
      failed = true;
      return { status: 503, headers: { 'retry-after': '0' }, body: { detail: 'try again' } };
    }
    return { body: book[cursor] };
  };
}

describe('request options of the client apply to every page', () => {
  test('a 503 in the middle of a walk is retried by the client and every item is yielded once', async () => {
    const { client, server } = await serve(flakyBook());
    const values = [];
    for await (const { point } of client.getStepsGrouped(params, { maxRetries: 2 })) values.push(point.value);
    expect(values).toEqual([1, 2, 3, 4, 5]);
    expect(server.requests.map((request) => request.query.next_cursor)).toEqual([
      undefined,
      'c2',
      'c2',
      'c3',
    ]);
  });

  test('with maxRetries 0 the 503 ends the walk with the client error after the items before it', async () => {
    const { client } = await serve(flakyBook());
    const values: number[] = [];
    const walk = async () => {
      for await (const { point } of client.getStepsGrouped(params, { maxRetries: 0 }))
        values.push(point.value);
    };
    const error = await walk().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503 });
    expect(values).toEqual([1, 2]);
  });

  test('timeoutMs applies to each page request', async () => {
    const { client } = await serve((_request, index) =>
      index === 0 ? { body: stepsPage({ fitbit: [1] }, { next_cursor: 'c2' }) } : new Promise(() => {}),
    );
    const walk = client.getStepsGrouped(params, { timeoutMs: 50, maxRetries: 0 });
    await expect(walk.toArray({ limit: 10 })).rejects.toThrow(TimeoutError);
  });

  test('headers given as options are sent with every page request', async () => {
    const { client, server } = await serve(flakyBook());
    await client
      .getStepsGrouped(params, { maxRetries: 1, headers: { 'x-trace': 'walk-1' } })
      .toArray({ limit: 10 });
    expect(server.requests.map((request) => request.headers['x-trace'])).toEqual([
      'walk-1',
      'walk-1',
      'walk-1',
      'walk-1',
    ]);
  });
});
