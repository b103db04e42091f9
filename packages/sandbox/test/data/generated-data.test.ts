import { describe, expect, it } from 'vitest';
import { call, clientOn, orderFor, strictSandbox } from '../fixtures/sandbox.js';

describe('steps and summaries', () => {
  it('pages the steps one day at a time and ends with next_cursor null', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const user = await client.resolveUser({ client_user_id: 'walker' });
    const days: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await client.getStepsGrouped({
        user_id: user.user_id,
        start_date: '2026-01-01',
        end_date: '2026-01-04',
        ...(cursor ? { next_cursor: cursor } : {}),
      });
      const points = page.groups.oura?.[0]?.data ?? [];
      expect(points).toHaveLength(24);
      // Pages are UTC days; a worn device writes its times at the user's offset, so read the instant.
      days.push(new Date(points[0]?.start as string).toISOString().slice(0, 10));
      cursor = page.next_cursor;
    } while (cursor);
    expect(days).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
  });

  it('gives the same numbers for the same seed and different ones for another seed', async () => {
    const read = async (seed: string) => {
      const sandbox = strictSandbox({ seed });
      const user = (await call(sandbox, 'GET', '/v2/user/resolve/same')).body;
      return (
        await call(
          sandbox,
          'GET',
          `/v2/summary/activity/${user.user_id}?start_date=2026-01-01&end_date=2026-01-03`,
        )
      ).body;
    };
    const first = await read('a');
    expect(first.activity).toHaveLength(3);
    expect(await read('a')).toEqual(first);
    expect(await read('b')).not.toEqual(first);
  });

  it('has no data after sandbox now, and more once the clock moves', async () => {
    const sandbox = strictSandbox();
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/late')).body;
    const path = `/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-01-05`;
    expect((await call(sandbox, 'GET', path)).body.groups.oura[0].data).toHaveLength(9);
    sandbox.clock.advance({ seconds: 3 * 3600 });
    expect((await call(sandbox, 'GET', path)).body.groups.oura[0].data).toHaveLength(12);
  });

  it('refuses a cursor it did not issue for the range', async () => {
    const sandbox = strictSandbox();
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/c')).body;
    const { status } = await call(
      sandbox,
      'GET',
      `/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-01-01&next_cursor=zzz`,
    );
    expect(status).toBe(422);
  });

  it('answers 404 for a client_user_id starting with unknown_ and for an unknown user id', async () => {
    const sandbox = strictSandbox();
    expect((await call(sandbox, 'GET', '/v2/user/resolve/unknown_x')).status).toBe(404);
    expect(
      (await call(sandbox, 'POST', '/v2/user/2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43/sign_in_token')).status,
    ).toBe(404);
  });
});

describe('the marker catalogue', () => {
  it('pages honestly: every marker once, the last page short', async () => {
    const client = clientOn(strictSandbox());
    const first = await client.listMarkers({ lab_slug: 'quest', size: 10 });
    expect(first).toMatchObject({ page: 1, size: 10, total: 23 });
    const seen = [...first.markers];
    for (let page = 2; page <= 3; page++)
      seen.push(...(await client.listMarkers({ lab_slug: 'quest', size: 10, page })).markers);
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((m) => m.id)).size).toBe(23);
    expect((await client.listMarkers({ lab_slug: 'quest', size: 10, page: 4 })).markers).toEqual([]);
  });

  it('lets lab_slug win over lab_id, and lab_account_id narrow to its lab', async () => {
    const client = clientOn(strictSandbox());
    const bySlug = await client.listMarkers({ lab_slug: 'quest', lab_id: 1 });
    expect(new Set(bySlug.markers.map((m) => m.lab_id))).toEqual(new Set([2]));
    const narrowed = await client.listMarkers({
      lab_id: 1,
      lab_account_id: '1a000000-0000-4000-8000-000000000002',
    });
    expect(narrowed.total).toBe(0);
    const all = await client.listMarkers({ size: 100 });
    expect(all.total).toBe(69);
  });

  it('gives lab test markers with pages, and 404 for an unknown test', async () => {
    const sandbox = strictSandbox();
    const { body } = await call(
      sandbox,
      'GET',
      '/v3/lab_tests/00000001-0000-4000-8000-000000000001/markers?size=4&page=3',
    );
    expect(body).toMatchObject({ total: 10, page: 3, size: 4, pages: 3 });
    expect(body.markers).toHaveLength(2);
    expect(
      (await call(sandbox, 'GET', '/v3/lab_tests/2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43/markers')).status,
    ).toBe(404);
  });

  it('lists lab accounts, filtered by status', async () => {
    const client = clientOn(strictSandbox());
    expect(await client.listLabAccounts({ status: 'PENDING' })).toHaveLength(1);
    expect(await client.listLabAccounts({})).toHaveLength(4);
  });
});

describe('worlds', () => {
  it('keeps each API key in its own world', async () => {
    const sandbox = strictSandbox();
    const a = (await call(sandbox, 'GET', '/v2/user/resolve/same', { headers: { 'x-svc-api-key': 'key-a' } }))
      .body;
    const b = (await call(sandbox, 'GET', '/v2/user/resolve/same', { headers: { 'x-svc-api-key': 'key-b' } }))
      .body;
    expect(a.user_id).not.toBe(b.user_id);
    expect(a.team_id).not.toBe(b.team_id);
    sandbox.world('key-a').clock.advance({ seconds: 3600 });
    expect(sandbox.world('key-a').clock.now().toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(sandbox.world('key-b').clock.now().toISOString()).toBe('2026-01-05T09:00:00.000Z');
  });

  it('restores a snapshot and resets to what the seed gives', async () => {
    const sandbox = strictSandbox();
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/snap')).body;
    const snapshot = sandbox.snapshot();
    const order = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    sandbox.restore(snapshot);
    const again = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    expect(again.id).toBe(order.id);
    sandbox.reset();
    expect(sandbox.snapshot().users).toEqual({});
    expect((await call(sandbox, 'GET', '/v2/user/resolve/snap')).body.user_id).toBe(user.user_id);
  });
});

describe('control routes', () => {
  it('advance the clock, snapshot, restore and reset the caller world over HTTP', async () => {
    const sandbox = strictSandbox();
    await call(sandbox, 'POST', '/v3/order', {
      body: await orderFor(sandbox),
      headers: { 'x-svc-sandbox-scenario': 'kit_lost_to_customer' },
    });
    const snapshot = (await call(sandbox, 'GET', '/_sandbox/snapshot')).body;
    const advanced = await call(sandbox, 'POST', '/_sandbox/clock/advance', {
      body: { to: '2026-01-07T00:00:00Z' },
    });
    // The kit lost, the patient's first data, and two midnights of daily data.
    expect(advanced.body).toEqual({ now: '2026-01-07T00:00:00.000Z', fired: 4 });
    expect(
      (await call(sandbox, 'POST', '/_sandbox/clock/advance', { body: { to: '2026-01-01T00:00:00Z' } }))
        .status,
    ).toBe(422);
    expect((await call(sandbox, 'POST', '/_sandbox/clock/advance', { body: { seconds: 'x' } })).status).toBe(
      422,
    );
    expect((await call(sandbox, 'PUT', '/_sandbox/snapshot', { body: snapshot })).body.now).toBe(
      '2026-01-05T09:00:00.000Z',
    );
    expect((await call(sandbox, 'PUT', '/_sandbox/snapshot', { body: { version: 2 } })).status).toBe(422);
    expect((await call(sandbox, 'POST', '/_sandbox/reset')).status).toBe(200);
    expect((await call(sandbox, 'GET', '/_sandbox/snapshot')).body.orders).toEqual({});
    expect((await call(sandbox, 'GET', '/_sandbox/nothing')).status).toBe(404);
  });

  it('registers webhooks, refuses a secret that is not whsec_ without echoing it, and logs deliveries', async () => {
    const sandbox = strictSandbox({ webhookFetch: async () => new Response(null, { status: 200 }) });
    const patientOrder = await orderFor(sandbox); // resolved before webhooks: only the order is delivered
    const bad = await call(sandbox, 'PUT', '/_sandbox/webhooks', {
      body: { url: 'https://r.test/h', secret: 'hunter2' },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).not.toContain('hunter2');
    const good = await call(sandbox, 'PUT', '/_sandbox/webhooks', {
      body: { url: 'https://r.test/h', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    });
    expect(good.body).toEqual({ url: 'https://r.test/h' });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.world('sk_test_fixture').webhooks.flush();
    const { body } = await call(sandbox, 'GET', '/_sandbox/webhooks/deliveries');
    expect(body.deliveries).toEqual([
      expect.objectContaining({ event_type: 'labtest.order.updated', status: 200, delivered: true }),
    ]);
  });
});
