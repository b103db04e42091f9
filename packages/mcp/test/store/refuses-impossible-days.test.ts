// A store tool's days are checked against the calendar before the store is read: 2026-02-30 or 2026-13-45
// (which Date.parse rolls over or drops) and a `to` before `from` are refused as bad arguments, audited as
// such, in a message naming the argument, and no method of the store is called.
import type { SyncStore } from '@svc/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';

/** A store that records every method called on it: a refused call must leave the list empty. */
const called: string[] = [];
const recordingStore = new Proxy({} as SyncStore, {
  get: (_target, name) => {
    if (name === 'then') return undefined;
    return async () => {
      called.push(String(name));
      return undefined;
    };
  },
});

let connected: Connected;
beforeAll(async () => {
  connected = await connect({ store: recordingStore });
});
afterAll(async () => {
  await connected?.close();
});

const SLEEP = { resource: 'sleep', field: 'duration' };
const USER = { client_user_id: 'fleet-user-0001' };
const CASES: [string, Record<string, unknown>, string][] = [
  [
    'store_user_timeline',
    { ...USER, from: '2026-13-45', to: '2026-13-45' },
    'from must be a day YYYY-MM-DD (got "2026-13-45": the calendar has no 2026-13-45)',
  ],
  [
    'store_user_timeline',
    { ...USER, from: '2026-02-27', to: '2026-02-30' },
    'to must be a day YYYY-MM-DD (got "2026-02-30": the calendar has no 2026-02-30)',
  ],
  [
    'store_user_timeline',
    { ...USER, from: '2026-03-05', to: '2026-03-01' },
    'to 2026-03-01 is before from 2026-03-05',
  ],
  [
    'store_user_aggregates',
    { ...SLEEP, from: '2026-02-30', to: '2026-03-04' },
    'from must be a day YYYY-MM-DD (got "2026-02-30": the calendar has no 2026-02-30)',
  ],
  [
    'store_user_aggregates',
    { ...SLEEP, from: '2026-03-05', to: '2026-03-01' },
    'to 2026-03-01 is before from 2026-03-05',
  ],
  [
    'store_freshness',
    { complete_to: '2026-02-30' },
    'completeTo must be a day YYYY-MM-DD or an ISO date-time with its offset (got "2026-02-30": the calendar has no 2026-02-30)',
  ],
  [
    'store_freshness',
    { complete_to: '2026-02-30T12:00:00Z' },
    'completeTo must be a day YYYY-MM-DD or an ISO date-time with its offset (got "2026-02-30T12:00:00Z": the calendar has no 2026-02-30)',
  ],
];

describe('a store tool given a day the calendar does not have, or a range that ends before it starts', () => {
  it.each(CASES)('%s %j is refused before the store is read: %s', async (name, args, why) => {
    called.length = 0;
    connected.audit.length = 0;
    const result = await connected.mcp.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual([`Invalid arguments for ${name}: ${why}. Nothing was read.`]);
    expect(connected.audit).toMatchObject([{ tool: name, outcome: 'refused', reason: 'invalid-arguments' }]);
    expect(called).toEqual([]);
  });
});
