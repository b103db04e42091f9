// The README's pagination examples, line for line, so they keep compiling against the generated types.
import type { components } from '@svc/types';
import { expectTypeOf, test } from 'vitest';
import { createClient } from '../../../src/index.js';

const client = createClient({ apiKey: process.env.SVC_API_KEY as string, region: 'eu' });
const user_id = '8f2c4c9e-5d0b-4a51-9c1e-3f3c1d8c2a10';
const log = (...values: unknown[]) => expectTypeOf(values).toBeArray();

test('README: steps of a user over a month in three lines', async () => {
  const month = { user_id, start_date: '2026-11-01', end_date: '2026-11-30' };
  for await (const { provider, source, point } of client.getStepsGrouped(month))
    log(provider, source.type, point.start, point.value);
});

test('README: all markers of a lab in three lines', async () => {
  const lab = { lab_slug: 'quest', size: 100 };
  for await (const marker of client.listMarkers(lab)) log(marker.slug, marker.name);
});

test('README: points per provider', async () => {
  const month = { user_id, start_date: '2026-11-01', end_date: '2026-11-30' };
  const byProvider = await client.getStepsGrouped(month).toArray({ limit: 500_000, mergeByProvider: true });
  expectTypeOf(byProvider.fitbit).toEqualTypeOf<components['schemas']['TimeseriesPoint'][] | undefined>();
});
