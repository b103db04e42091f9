// Issue 39: a steps row keeps the point as the service sent it: its source (sent once for its group),
// its times as written with their offsets, and fields this version of the sync does not know.
import { expect, it } from 'vitest';
import { createSync } from '../../src/index.js';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import { sandboxClient, TEAM } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

/** The sandbox's steps answers with a field no version knows yet, on each group and each point. */
const withNewFields =
  (fetch: (request: Request) => Promise<Response>) =>
  async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await fetch(new Request(input, init));
    if (
      !new URL(answer.url || String(input instanceof Request ? input.url : input)).pathname.endsWith(
        '/steps/grouped',
      )
    )
      return answer;
    const body = (await answer.json()) as { groups: Record<string, { data: object[] }[]> };
    for (const groups of Object.values(body.groups))
      for (const group of groups) {
        Object.assign(group, { zz_group_field: { kept: true } });
        group.data = group.data.map((point) => ({ ...point, zz_point_field: [1.5, 'ü'] }));
      }
    return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
  };

it('issue 39: stores each steps point as sent: its source, its offset and unknown fields', async () => {
  const { client } = sandboxClient({ wrap: withNewFields });
  const { store, address } = await stores.open();
  const sync = createSync({ client, store, team: TEAM, resources: ['steps'] });
  const result = await sync.backfill({ users: ['alice'], from: '2025-12-01', to: '2025-12-01' }).result;
  expect(result.status).toBe('done');

  const { user_id } = await client.resolveUser({ client_user_id: 'alice' });
  const page = await client.getStepsGrouped({ user_id, start_date: '2025-12-01', end_date: '2025-12-01' });
  const expected = new Map<string, string>();
  for (const [provider, groups] of Object.entries(page.groups ?? {}))
    for (const { data, ...context } of groups ?? [])
      for (const point of data ?? [])
        expected.set(
          `${provider}|${new Date(point.start).toISOString()}`,
          JSON.stringify({ ...point, ...context }),
        );
  expect(expected.size).toBe(24);
  // Points are written at the user's home offset by a worn device: the row's key is UTC, its data as written.
  expect([...expected.values()].some((text) => /"start":"[^"]*[+-]\d\d:\d\d"/.test(text))).toBe(true);
  expect([...expected.values()][0]).toMatch(/"source":\{"provider":"oura","type":"ring"/);
  expect([...expected.values()][0]).toMatch(
    /"zz_point_field":\[1\.5,"ü"\].*"zz_group_field":\{"kept":true\}/,
  );

  const db = sqliteDriver().open(address.slice('sqlite:'.length), true);
  try {
    // A row per provider and UTC day, each point in it once: the object as sent, its text as written.
    const days = db
      .prepare('SELECT provider, points FROM svc_steps')
      .all<{ provider: string; points: string }>();
    const stored = days.flatMap((day) =>
      (JSON.parse(day.points) as Record<string, unknown>[]).map((point): [string, string] => [
        `${day.provider}|${new Date(point.start as string).toISOString()}`,
        JSON.stringify(point),
      ]),
    );
    expect(new Map(stored)).toEqual(expected);
    expect(days.map((day) => day.points).join('')).toBe(
      days
        .map(
          (day) =>
            `[${stored
              .filter(([key]) => key.startsWith(`${day.provider}|`))
              .map(([, text]) => text)
              .join(',')}]`,
        )
        .join(''),
    );
  } finally {
    db.close();
  }
});
