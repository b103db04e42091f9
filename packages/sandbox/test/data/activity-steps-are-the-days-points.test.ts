// Probe finding: user-04's activity summary for 2026-11-20 said 10632 steps while the hourly steps points
// of that local day summed to 14351. Both are read here through the API only, as a partner reads them.
import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../src/index.js';
import { call, clientOn, strictSandbox } from '../fixtures/sandbox.js';

const DAY_MS = 86_400_000;
const SEEDS = ['svc-sandbox', 'probe-a', 'probe-b'];
const USERS = ['user-01', 'user-02', 'user-03', 'user-04', 'user-05'];
/** A ring and a wrist-worn device write local times; an exercise machine writes UTC. */
const MORE_PROVIDERS = ['whoop', 'peloton'];

const WORLDS: Array<{ what: string; options: SandboxOptions; days: string[] }> = [
  {
    what: 'days long over',
    options: { startTime: '2026-11-25T09:00:00Z' },
    days: ['2026-11-20', '2026-11-24'],
  },
  {
    // 2026-11-19 is the first day of history; west of UTC 2026-11-20 is still under way at 03:00Z.
    what: 'the first day of history and a local day still under way',
    options: { startTime: '2026-11-21T03:00:00Z', historyDays: 2 },
    days: ['2026-11-19', '2026-11-20'],
  },
];

interface Point {
  start: string;
  value: number;
}

interface StepsPage {
  groups: Record<string, Array<{ data: Point[] }>>;
  next_cursor: string | null;
}

async function connectMore(sandbox: Sandbox, userId: string): Promise<void> {
  const client = clientOn(sandbox);
  for (const provider of MORE_PROVIDERS) {
    const token = (await client.createLinkToken({ body: { user_id: userId } })) as { link_token: string };
    await client.completePasswordProviderMfa({
      provider,
      'x-svc-link-token': token.link_token,
      body: { mfa_code: '111111' },
    });
  }
}

/** The provider's points of the UTC days around `date`, every page, as GET …/steps/grouped serves them. */
async function pointsAround(sandbox: Sandbox, userId: string, provider: string, date: string) {
  const day = Date.parse(date);
  const from = new Date(day - DAY_MS).toISOString().slice(0, 10);
  const to = new Date(day + DAY_MS).toISOString().slice(0, 10);
  const points: Point[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `start_date=${from}&end_date=${to}&provider=${provider}${cursor ? `&next_cursor=${cursor}` : ''}`;
    const page: StepsPage = (await call(sandbox, 'GET', `/v2/timeseries/${userId}/steps/grouped?${query}`))
      .body;
    points.push(...(page.groups[provider]?.[0]?.data ?? []));
    cursor = page.next_cursor;
  } while (cursor);
  return points;
}

describe('probe: activity steps 10632 against hourly points summing to 14351 (user-04, 2026-11-20)', () => {
  for (const { what, options, days } of WORLDS)
    it(`gives each day's activity steps as the sum of that day's hourly points at the user's home time zone (${what})`, async () => {
      const compared = { records: 0, zones: new Set<string>(), types: new Set<string>() };
      for (const seed of SEEDS) {
        const sandbox = strictSandbox({ seed, ...options });
        for (const clientUserId of USERS) {
          const user = (await call(sandbox, 'GET', `/v2/user/resolve/${clientUserId}`)).body;
          await connectMore(sandbox, user.user_id);
          const zone: string = user.fallback_time_zone.id;
          const localDate = new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          });
          for (const date of days) {
            const path = `/v2/summary/activity/${user.user_id}?start_date=${date}&end_date=${date}`;
            const records = (await call(sandbox, 'GET', path)).body.activity;
            expect(records).toHaveLength(1 + MORE_PROVIDERS.length);
            for (const record of records) {
              const points = await pointsAround(sandbox, user.user_id, record.source.provider, date);
              const ofDay = points.filter((p) => localDate.format(new Date(p.start)) === date);
              const sum = ofDay.reduce((total, p) => total + p.value, 0);
              expect({
                seed,
                clientUserId,
                date,
                provider: record.source.provider,
                steps: record.steps,
              }).toEqual({ seed, clientUserId, date, provider: record.source.provider, steps: sum });
              compared.records++;
              compared.zones.add(zone);
              compared.types.add(record.source.type);
            }
          }
        }
      }
      // The comparison covers zones east and west of UTC and devices writing local times and UTC.
      expect(compared.records).toBe(SEEDS.length * USERS.length * days.length * 3);
      expect([...compared.zones].some((zone) => zone.startsWith('America/'))).toBe(true);
      expect([...compared.zones].some((zone) => zone.startsWith('Asia/'))).toBe(true);
      expect(compared.types).toEqual(new Set(['ring', 'wrist_worn', 'exercise_machine']));
    });
});
