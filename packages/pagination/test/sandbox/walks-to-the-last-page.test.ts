// Against the stateful sandbox (in-process), the walks end the way they end against the service: the
// last page says so, and every item is read exactly once.
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/index.js';

const API_KEY = 'sk_test_pagination';

function clientOnSandbox() {
  const sandbox = createSandbox({ apiKey: API_KEY, strict: true });
  return createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch });
}

describe('walks against the sandbox', () => {
  it('walks the marker catalogue page by page to the last page, each marker once', async () => {
    const client = clientOnSandbox();
    const first = await client.listMarkers({ lab_slug: 'quest', page: 1, size: 3 });
    const total = first.total as number;
    expect(total).toBeGreaterThan(3);

    const pages = [];
    for await (const page of paginate(client).listMarkers({ lab_slug: 'quest', size: 3 }).pages())
      pages.push(page);
    expect(pages).toHaveLength(Math.ceil(total / 3));
    expect(pages.at(-1)?.page).toBe(pages.length);

    const slugs = [];
    for await (const marker of paginate(client).listMarkers({ lab_slug: 'quest', size: 3 }))
      slugs.push(marker.slug);
    expect(slugs).toHaveLength(total);
    expect(new Set(slugs).size).toBe(total);
  });

  it('walks a month of grouped steps to next_cursor null, one day per page', async () => {
    const client = clientOnSandbox();
    const user = await client.resolveUser({ client_user_id: 'pagination-walker' });
    const month = { user_id: user.user_id, start_date: '2025-12-01', end_date: '2025-12-31' };

    const pages = [];
    for await (const page of paginate(client).getStepsGrouped(month).pages()) pages.push(page);
    expect(pages).toHaveLength(31);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    expect(new Set(pages.slice(0, -1).map((page) => page.next_cursor)).size).toBe(30);

    const byProvider = await paginate(client)
      .getStepsGrouped(month)
      .toArray({ limit: Infinity, mergeByProvider: true });
    const starts = (byProvider.oura ?? []).map((point) => point.start);
    expect(starts).toHaveLength(31 * 24);
    expect(new Set(starts).size).toBe(31 * 24);
  });
});
