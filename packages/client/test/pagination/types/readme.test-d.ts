// The README's pagination examples ("Pages"), line for line, so they keep compiling against the generated types.
import type { components } from '@svc/types';
import { expectTypeOf, test } from 'vitest';
import { createClient } from '../../../src/index.js';

const svc = createClient({ apiKey: process.env.SVC_API_KEY as string, region: 'eu' });
const user_id = '8f2c4c9e-5d0b-4a51-9c1e-3f3c1d8c2a10';
const console = { log: (...values: unknown[]) => expectTypeOf(values).toBeArray() };

test('README: steps of a user over a month, point by point', async () => {
  const month = { user_id, start_date: '2025-12-01', end_date: '2025-12-31' };
  for await (const { provider, source, point } of svc.getStepsGrouped(month))
    console.log(provider, source.type, point.start, point.value);
});

test('README: all markers of a lab', async () => {
  for await (const marker of svc.listMarkers({ lab_slug: 'quest', size: 100 }))
    console.log(marker.slug, marker.name);
});

test('README: points per provider', async () => {
  const month = { user_id, start_date: '2025-12-01', end_date: '2025-12-31' };
  const byProvider = await svc.getStepsGrouped(month).toArray({ limit: 500_000, mergeByProvider: true });
  expectTypeOf(byProvider.oura).toEqualTypeOf<components['schemas']['TimeseriesPoint'][] | undefined>();
});
