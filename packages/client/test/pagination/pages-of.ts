// Builders of page bodies shaped like the spec's GroupedTimeseries and marker list envelopes.
import type { Handler as Route } from '@svc/test-kit';

export const USER_ID = '8f2c4c9e-5d0b-4a51-9c1e-3f3c1d8c2a10';
export const LAB_TEST_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

export const point = (value: number) => ({
  start: `2026-11-01T00:${String(value % 60).padStart(2, '0')}:00+00:00`,
  end: `2026-11-01T00:${String(value % 60).padStart(2, '0')}:59+00:00`,
  unit: 'count',
  value,
});

export const source = (provider: string, type = 'wearable') => ({ provider, type });

/** A steps page: provider slug → one group of points with the given values. */
export function stepsPage(
  values: Record<string, number[]>,
  cursors: { next_cursor?: string | null; next?: string | null },
) {
  const groups = Object.fromEntries(
    Object.entries(values).map(([provider, list]) => [
      provider,
      [{ source: source(provider), data: list.map(point) }],
    ]),
  );
  return { groups, ...cursors };
}

/**
 * A cursor-keyed book of pages: the request's `next_cursor` (or deprecated `cursor`) picks the page,
 * no cursor picks the page under `''`. An unknown cursor is a 400, as a real service would answer.
 */
export function cursorRoute(pages: Record<string, unknown>): Route {
  return ({ query }) => {
    const cursor = query.next_cursor ?? query.cursor ?? '';
    return cursor in pages
      ? { body: pages[cursor] }
      : { status: 400, body: { detail: `unknown cursor ${cursor}` } };
  };
}

export const marker = (id: number) => ({
  id,
  name: `Marker ${id}`,
  slug: `marker-${id}`,
  lab_id: 1,
  type: 'biomarker',
});

/** Markers 1..total served `size` per page (default 50), with the envelope fields chosen per test. */
export function markersRoute(
  total: number,
  envelope: (page: number, size: number) => Record<string, unknown> = (page, size) => ({
    total,
    page,
    size,
    pages: Math.ceil(total / size),
  }),
): Route {
  return ({ query }) => {
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 50);
    const first = (page - 1) * size + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - first + 1)) }, (_, i) => first + i);
    return { body: { markers: ids.map(marker), ...envelope(page, size) } };
  };
}
