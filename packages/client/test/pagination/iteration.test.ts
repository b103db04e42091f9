import { describe, expect, it } from 'vitest';
import { RepeatedCursorError } from '../../src/index.js';
import { fakeFetch, json, type Sent, testClient, USER_ID } from '../fixtures/fake-fetch.js';

const LAB_TEST_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const marker = (n: number) => ({ id: n, name: `marker ${n}`, slug: `m${n}` });

/** Three pages of two markers each; `pages` says when to stop. */
function markerPages(sent: Sent) {
  const page = Number(new URL(sent.url).searchParams.get('page') ?? '1');
  return json({ markers: [marker(page * 2 - 1), marker(page * 2)], page, size: 2, total: 6, pages: 3 });
}

const pageOf = (sent: Sent | undefined) => new URL(sent?.url ?? '').searchParams.get('page');

describe('paginated named methods', () => {
  it('await gives the first page, one request', async () => {
    const fake = fakeFetch(markerPages);
    const first = await testClient(fake.fetch).listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 });
    expect(first.markers).toHaveLength(2);
    expect(fake.sent).toHaveLength(1);
  });

  it('for await walks every item of every page, reusing the first request', async () => {
    const fake = fakeFetch(markerPages);
    const ids: number[] = [];
    for await (const item of testClient(fake.fetch).listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 }))
      ids.push(item.id as number);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fake.sent.map(pageOf)).toEqual([null, '2', '3']);
    for (const sent of fake.sent) expect(new URL(sent.url).searchParams.get('size')).toBe('2');
  });

  it('starts a fresh walk on a second pass', async () => {
    const fake = fakeFetch(markerPages);
    const call = testClient(fake.fetch).listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 });
    let count = 0;
    for await (const _ of call) count++;
    for await (const _ of call) count++;
    expect(count).toBe(12);
    expect(fake.sent.map(pageOf)).toEqual([null, '2', '3', '1', '2', '3']);
  });

  it('follows cursors of a grouped timeseries, yielding { provider, source, point }', async () => {
    const bodies: Record<string, unknown> = {
      '': { groups: { oura: [{ source: { provider: 'oura' }, data: [{ value: 1 }] }] }, next_cursor: 'c2' },
      c2: { groups: { oura: [{ source: { provider: 'oura' }, data: [{ value: 2 }] }] }, next_cursor: null },
    };
    const fake = fakeFetch((sent) => json(bodies[new URL(sent.url).searchParams.get('next_cursor') ?? '']));
    const points: unknown[] = [];
    for await (const item of testClient(fake.fetch).getStepsGrouped({
      user_id: USER_ID,
      start_date: '2026-11-01',
    }))
      points.push([item.provider, item.point.value]);
    expect(points).toEqual([
      ['oura', 1],
      ['oura', 2],
    ]);
    expect(fake.sent).toHaveLength(2);
  });

  it('keeps the guards: a repeated cursor stops the walk with RepeatedCursorError', async () => {
    const fake = fakeFetch(() => json({ groups: {}, next_cursor: 'same' }));
    const walk = async () => {
      for await (const _ of testClient(fake.fetch).getStepsGrouped({
        user_id: USER_ID,
        start_date: '2026-11-01',
      })) {
        // nothing: the pages are empty
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(RepeatedCursorError);
  });

  it('gives the request options to every page and a first-page error to the loop', async () => {
    const fake = fakeFetch(() => json({ detail: 'no' }, 404));
    const walk = async () => {
      for await (const _ of testClient(fake.fetch).listLabTestMarkers({ lab_test_id: LAB_TEST_ID })) {
        // never reached
      }
    };
    await expect(walk()).rejects.toMatchObject({ status: 404 });
    expect(fake.sent).toHaveLength(1);
  });

  it('pages() yields the whole bodies', async () => {
    const fake = fakeFetch(markerPages);
    const pages: number[] = [];
    for await (const page of testClient(fake.fetch)
      .listLabTestMarkers({ lab_test_id: LAB_TEST_ID, size: 2 })
      .pages())
      pages.push(page.page as number);
    expect(pages).toEqual([1, 2, 3]);
  });
});
