// Flat memory, shown without timing: when the next page is requested, nothing keeps the previous page alive.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Handler as Route } from '@svc/test-kit';
import { describe, expect, test } from 'vitest';
import { LAB_TEST_ID, markersRoute, stepsPage, USER_ID } from '../pages-of.js';
import { serve } from '../serve.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const params = { user_id: USER_ID, start_date: '2026-11-01' };

/** Two pages; when the second is requested, records whether the first page is still reachable. */
function probingBook(firstPage: { ref?: WeakRef<object> }, heldWhenNextRequested: boolean[]): Route {
  return ({ query }) => {
    if (query.next_cursor === undefined)
      return { body: stepsPage({ fitbit: [1, 2, 3] }, { next_cursor: 'c2' }) };
    gc();
    heldWhenNextRequested.push(firstPage.ref?.deref() !== undefined);
    return { body: stepsPage({ fitbit: [4] }, { next_cursor: null }) };
  };
}

describe('memory stays flat', () => {
  test('items: the previous page is unreachable by the time the next page is requested', async () => {
    const firstPage: { ref?: WeakRef<object> } = {};
    const held: boolean[] = [];
    const { pages } = await serve(probingBook(firstPage, held));
    const iterator = pages.getStepsGrouped(params)[Symbol.asyncIterator]();
    // Read page 1 in a separate frame, keeping only a weak reference to one of its points.
    await (async () => {
      const first = await iterator.next();
      firstPage.ref = new WeakRef((first.value as { point: object }).point);
      await iterator.next();
      await iterator.next();
    })();
    expect((await iterator.next()).value).toMatchObject({ point: { value: 4 } });
    expect(held).toEqual([false]);
  });

  test('pages(): the previous page is unreachable by the time the next page is requested', async () => {
    const firstPage: { ref?: WeakRef<object> } = {};
    const held: boolean[] = [];
    const { pages } = await serve(probingBook(firstPage, held));
    const iterator = pages.getStepsGrouped(params).pages();
    await (async () => {
      firstPage.ref = new WeakRef((await iterator.next()).value as object);
    })();
    expect((await iterator.next()).done).toBe(false);
    expect(held).toEqual([false]);
  });

  test('page style: the previous page is unreachable by the time the next page is requested', async () => {
    const firstPage: { ref?: WeakRef<object> } = {};
    const held: boolean[] = [];
    const markers = markersRoute(4);
    const { pages } = await serve((request, index) => {
      if (index === 1) {
        gc();
        held.push(firstPage.ref?.deref() !== undefined);
      }
      return markers(request, index);
    });
    const iterator = pages.listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 })[Symbol.asyncIterator]();
    await (async () => {
      firstPage.ref = new WeakRef((await iterator.next()).value as object);
      await iterator.next();
    })();
    expect((await iterator.next()).value).toMatchObject({ id: 3 });
    expect(held).toEqual([false]);
  });

  test('the probe can fail: a page the caller keeps is reported as held', async () => {
    const firstPage: { ref?: WeakRef<object> } = {};
    const held: boolean[] = [];
    const { pages } = await serve(probingBook(firstPage, held));
    const iterator = pages.getStepsGrouped(params).pages();
    const kept = (await iterator.next()).value;
    firstPage.ref = new WeakRef(kept as object);
    await iterator.next();
    expect(held).toEqual([true]);
    expect(kept).toBeDefined();
  });
});
