// The store takes the steps rows the sync read as they are (their times parsed once when read, marked
// READ_TIMES) and writes a new day row without sorting points already in order: it must write exactly
// the bytes it writes for the same rows given as a caller gives them (times parsed and checked against
// the point as sent), in start order or not, on points written with offsets.
import { expect, it } from 'vitest';
import { readableStore } from '../../src/console/store-reader.js';
import type { StepRow, SyncWindow } from '../../src/index.js';
import { readWindow } from '../../src/internal/run/read-window.js';
import { READ_TIMES } from '../../src/stores/store.js';
import { SANDBOX_NOW, sandboxClient } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const FETCHED_AT = '2026-01-05T10:00:00.000Z';

/** The same row as a caller would give it: a copy without the marks the sync's read put on it. */
const asCallerGives = ({ userId, provider, start, end, unit, value, data }: StepRow): StepRow =>
  data === undefined
    ? { userId, provider, start, end, unit, value }
    : { userId, provider, start, end, unit, value, data };

/** Every day row's columns as stored, in key order. */
async function dayRows(rows: StepRow[], window: SyncWindow) {
  const { store } = await stores.open();
  await store.commitWindow(window, { steps: rows, summaries: [] }, FETCHED_AT);
  return readableStore(store).readRows(
    'SELECT user_id, provider, day, points, n, last_end, fetched_at FROM svc_steps ORDER BY user_id, provider, day',
  );
}

it('writes a read window exactly as the same rows given by a caller, in start order or not', async () => {
  const { client } = sandboxClient();
  const { user_id, connected_sources } = await client.resolveUser({ client_user_id: 'alice' });
  const provider = connected_sources?.[0]?.source?.slug as string;
  const window: SyncWindow = {
    userId: user_id,
    resource: 'steps',
    provider,
    start: '2025-12-01',
    end: '2025-12-03',
    asOf: SANDBOX_NOW,
  };
  const read = (await readWindow(client, window, async () => {})).steps;
  expect(read.length).toBe(72);
  expect(read.every((row) => (row as { [READ_TIMES]?: true })[READ_TIMES] === true)).toBe(true);
  // Points written at the user's home offset: the store's check against the point as sent has work to do.
  expect(read.some((row) => /[+-]\d\d:\d\d$/.test(String(row.data?.start)))).toBe(true);

  const given = await dayRows(read.map(asCallerGives), window);
  expect(given).toHaveLength(3);
  expect(await dayRows(read, window)).toEqual(given);
  // Out of start order: sorted when written, as a caller's rows are.
  const reversed = [...read].reverse();
  expect(await dayRows(reversed, window)).toEqual(given);
  expect(await dayRows(reversed.map(asCallerGives), window)).toEqual(given);
});
