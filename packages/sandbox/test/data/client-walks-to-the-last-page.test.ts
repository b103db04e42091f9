// The client's paginated methods walk the sandbox's pages the way they walk the service's: the last page
// says so, and every item is read exactly once.
import { describe, expect, it } from 'vitest';
import { clientOn, strictSandbox } from '../fixtures/sandbox.js';

const clientOnSandbox = () => clientOn(strictSandbox());

describe('walks against the sandbox', () => {
  it('walks the marker catalogue page by page to the last page, each marker once', async () => {
    const client = clientOnSandbox();
    const first = await client.listMarkers({ lab_slug: 'quest', page: 1, size: 3 });
    const total = first.total as number;
    expect(total).toBeGreaterThan(3);

    const pages = [];
    for await (const page of client.listMarkers({ lab_slug: 'quest', size: 3 }).pages()) pages.push(page);
    expect(pages).toHaveLength(Math.ceil(total / 3));
    expect(pages.at(-1)?.page).toBe(pages.length);

    const slugs = [];
    for await (const marker of client.listMarkers({ lab_slug: 'quest', size: 3 })) slugs.push(marker.slug);
    expect(slugs).toHaveLength(total);
    expect(new Set(slugs).size).toBe(total);
  });

  it('walks a month of grouped steps to next_cursor null, one day per page', async () => {
    const client = clientOnSandbox();
    const user = await client.resolveUser({ client_user_id: 'pagination-walker' });
    const month = { user_id: user.user_id, start_date: '2025-12-01', end_date: '2025-12-31' };

    const pages = [];
    for await (const page of client.getStepsGrouped(month).pages()) pages.push(page);
    expect(pages).toHaveLength(31);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    expect(new Set(pages.slice(0, -1).map((page) => page.next_cursor)).size).toBe(30);

    const byProvider = await client
      .getStepsGrouped(month)
      .toArray({ limit: Infinity, mergeByProvider: true });
    const starts = (byProvider.oura ?? []).map((point) => point.start);
    expect(starts).toHaveLength(31 * 24);
    expect(new Set(starts).size).toBe(31 * 24);
  });
});
