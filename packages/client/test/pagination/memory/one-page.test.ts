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

/** Holds a weak reference to the first page; `check()`, run when the next page is requested, records whether it is still reachable. */
function heldProbe() {
  let ref: WeakRef<object> | undefined;
  const held: boolean[] = [];
  return {
    held,
    keep(page: object) {
      ref = new WeakRef(page);
    },
    check() {
      gc();
      held.push(ref?.deref() !== undefined);
    },
  };
}
type Probe = ReturnType<typeof heldProbe>;

/** Two pages of steps; requesting the second checks the probe. */
function probingBook(probe: Probe): Route {
  return ({ query }) => {
    if (query.next_cursor === undefined)
      return { body: stepsPage({ fitbit: [1, 2, 3] }, { next_cursor: 'c2' }) };
    probe.check();
    return { body: stepsPage({ fitbit: [4] }, { next_cursor: null }) };
  };
}

/** The steps walk over the probing book, in a box: awaiting the call itself would give its first page. */
const stepsWalk = async (probe: Probe) => ({
  walk: (await serve(probingBook(probe))).client.getStepsGrouped(params),
});

describe('memory stays flat', () => {
  test('items: the previous page is unreachable by the time the next page is requested', async () => {
    const probe = heldProbe();
    const iterator = (await stepsWalk(probe)).walk[Symbol.asyncIterator]();
    // Read page 1 in a separate frame, keeping only a weak reference to one of its points.
    await (async () => {
      const first = await iterator.next();
      probe.keep((first.value as { point: object }).point);
      await iterator.next();
      await iterator.next();
    })();
    expect((await iterator.next()).value).toMatchObject({ point: { value: 4 } });
    expect(probe.held).toEqual([false]);
  });

  test('pages(): the previous page is unreachable by the time the next page is requested', async () => {
    const probe = heldProbe();
    const iterator = (await stepsWalk(probe)).walk.pages();
    await (async () => {
      probe.keep((await iterator.next()).value as object);
    })();
    expect((await iterator.next()).done).toBe(false);
    expect(probe.held).toEqual([false]);
  });

  test('page style: the previous page is unreachable by the time the next page is requested', async () => {
    const probe = heldProbe();
    const markers = markersRoute(4);
    const { client } = await serve((request, index) => {
      if (index === 1) probe.check();
      return markers(request, index);
    });
    const iterator = client.listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 })[Symbol.asyncIterator]();
    await (async () => {
      probe.keep((await iterator.next()).value as object);
      await iterator.next();
    })();
    expect((await iterator.next()).value).toMatchObject({ id: 3 });
    expect(probe.held).toEqual([false]);
  });

  test('the probe can fail: a page the caller keeps is reported as held', async () => {
    const probe = heldProbe();
    const iterator = (await stepsWalk(probe)).walk.pages();
    const kept = (await iterator.next()).value;
    probe.keep(kept as object);
    await iterator.next();
    expect(probe.held).toEqual([true]);
    expect(kept).toBeDefined();
  });
});
