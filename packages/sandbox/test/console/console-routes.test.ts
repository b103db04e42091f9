// The console's JSON, over a real server on loopback: each figure equals what the API answers for the
// same world, and bad input gets a 4xx while the console keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../src/console/page-guard.js';
import { createSandbox, type Sandbox, type SandboxServer, serveSandbox } from '../../src/index.js';
import { API_KEY, call } from '../fixtures/sandbox.js';

let sandbox: Sandbox;
let server: SandboxServer;
let token: string;
let world: string;
let userId: string;

const api = (path: string) => `${server.url}/_sandbox/console/api/${path}`;
const change = (path: string, body: string) =>
  fetch(api(path), {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body,
  });

beforeAll(async () => {
  sandbox = createSandbox({ apiKey: API_KEY });
  userId = (await call(sandbox, 'GET', '/v2/user/resolve/chart-patient')).body.user_id;
  server = await serveSandbox(sandbox, { port: 0 });
  const page = await (await fetch(`${server.url}/_sandbox/console/`)).text();
  token = /name="svc-console-token" content="([^"]+)"/.exec(page)?.[1] ?? '';
  world = (await (await change('fingerprint', JSON.stringify({ api_key: API_KEY }))).json()).world;
});

afterAll(async () => {
  await server?.close();
});

describe('the console routes', () => {
  it("chart a user's days with the same values GET /v2/summary/activity and /sleep answer", async () => {
    const days = await (await fetch(api(`worlds/${world}/users/${userId}/days?days=10`))).json();
    expect(days.dates).toHaveLength(11);
    const range = `start_date=${days.dates[0]}&end_date=${days.dates.at(-1)}`;
    const activity = (await call(sandbox, 'GET', `/v2/summary/activity/${userId}?${range}`)).body.activity;
    const sleep = (await call(sandbox, 'GET', `/v2/summary/sleep/${userId}?${range}`)).body.sleep;
    const byDate = (records: Array<Record<string, unknown>>, field: string, scale = 1) =>
      days.dates.map((date: string) => {
        const found = records.find((r) => r.calendar_date === date);
        return found ? Number(found[field]) / scale : null;
      });
    expect(activity.length).toBeGreaterThan(5);
    expect(days.steps).toEqual([{ provider: 'oura', values: byDate(activity, 'steps') }]);
    expect(days.sleep_hours).toEqual([{ provider: 'oura', values: byDate(sleep, 'duration', 3600) }]);
  });

  it('lists the world by its fingerprint, never by its key', async () => {
    const listed = await (await fetch(api('worlds'))).json();
    expect(listed.worlds.map((w: { world: string }) => w.world)).toEqual([world]);
    expect(JSON.stringify(listed)).not.toContain(API_KEY);
    const view = await (await fetch(api(`worlds/${world}`))).json();
    expect(view.users.map((u: { user_id: string }) => u.user_id)).toEqual([userId]);
  });

  it('answers bad input with a 4xx and keeps serving', async () => {
    expect((await fetch(api(`worlds/${world}/users/${userId}/days?days=0`))).status).toBe(422);
    expect((await fetch(api(`worlds/${world}/users/${userId}/days?days=91`))).status).toBe(422);
    expect((await fetch(api(`worlds/${world}/users/nobody/days`))).status).toBe(404);
    expect((await fetch(api('worlds/0000/deliveries'))).status).toBe(404);
    expect((await change('worlds/0000/clock/advance', '{"seconds":1}')).status).toBe(404);
    expect((await change('fingerprint', '{}')).status).toBe(422);
    expect((await change('fingerprint', 'x'.repeat(100_000))).status).toBe(413);
    expect((await change(`worlds/${world}/clock/advance`, '{"seconds":"soon"}')).status).toBe(422);
    expect((await change(`worlds/${world}/deliveries/msg_none/resend`, '{}')).status).toBe(404);
    expect((await fetch(api('nothing'))).status).toBe(404);
    const advanced = await change(`worlds/${world}/clock/advance`, '{"seconds":3600}');
    expect(advanced.status).toBe(200);
    expect((await advanced.json()).now).toBe('2026-01-05T10:00:00.000Z');
  });

  it('answers bad percent-encoding in the path with 400 bad_path_encoding, as the API routes do', async () => {
    for (const path of ['%E0%A4%A', `api/worlds/${world}/users/%E0%A4%A/days`, 'api/worlds/%E0%A4%A']) {
      const answer = await fetch(`${server.url}/_sandbox/console/${path}`);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.code).toBe('bad_path_encoding');
    }
    expect((await fetch(api(`worlds/${world}`))).status).toBe(200);
  });

  it('redirects the bare path to the page, and is off when asked', async () => {
    const bare = await fetch(`${server.url}/_sandbox/console`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/_sandbox/console/');
    const off = await serveSandbox(sandbox, { port: 0, console: false });
    try {
      expect((await fetch(`${off.url}/_sandbox/console/`)).status).toBe(401);
    } finally {
      await off.close();
    }
  });
});
