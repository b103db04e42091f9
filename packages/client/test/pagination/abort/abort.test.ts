import { describe, expect, test } from 'vitest';
import { AbortError } from '../../../src/index.js';
import { cursorRoute, stepsPage, USER_ID } from '../pages-of.js';
import { serve } from '../serve.js';

const params = { user_id: USER_ID, start_date: '2026-11-01' };
const book = cursorRoute({
  '': stepsPage({ fitbit: [1, 2, 3] }, { next_cursor: 'c2' }),
  c2: stepsPage({ fitbit: [4, 5, 6] }, { next_cursor: null }),
});

describe('stopping a walk', () => {
  test('aborting mid-iteration throws AbortError at the next item and sends no further request', async () => {
    const { client, server } = await serve(book);
    const controller = new AbortController();
    const seen: number[] = [];
    const walk = async () => {
      for await (const { point } of client.getStepsGrouped(params, { signal: controller.signal })) {
        seen.push(point.value);
        if (seen.length === 2) controller.abort(new Error('user left the page'));
      }
    };
    const error = await walk().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('user left the page'));
    expect(seen).toEqual([1, 2]);
    expect(server.requests).toHaveLength(1);
  });

  test('aborting while a page request is in flight rejects that request with AbortError', async () => {
    let received!: () => void;
    const secondRequest = new Promise<void>((resolve) => {
      received = resolve;
    });
    const { client } = await serve((_request, index) => {
      if (index === 0) return { body: stepsPage({ fitbit: [1] }, { next_cursor: 'c2' }) };
      received();
      return new Promise(() => {}); // never answers: only the abort can end this request
    });
    const controller = new AbortController();
    const iterator = client.getStepsGrouped(params, { signal: controller.signal })[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.point.value).toBe(1);
    const next = iterator.next();
    await secondRequest;
    controller.abort();
    await expect(next).rejects.toThrow(AbortError);
  });

  test('an already aborted signal sends no request', async () => {
    const { client, server } = await serve(book);
    const signal = AbortSignal.abort();
    await expect(client.getStepsGrouped(params, { signal }).toArray({ limit: 10 })).rejects.toThrow(
      AbortError,
    );
    expect(server.requests).toHaveLength(0);
  });

  test('breaking out of for await requests no further page', async () => {
    const { client, server } = await serve(book);
    for await (const { point } of client.getStepsGrouped(params)) {
      if (point.value === 3) break;
    }
    expect(server.requests).toHaveLength(1);
  });
});
