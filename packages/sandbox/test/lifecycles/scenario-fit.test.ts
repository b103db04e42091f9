// Issue 22: a scenario that does not fit a resource is refused when it is named, so the clock never
// meets a step a resource cannot take; `clock.advance` never throws, whatever was done before it.
import { describe, expect, it } from 'vitest';
import { SCENARIO_HEADER, SCENARIOS } from '../../src/index.js';
import { call, orderFor, REPORTS, strictSandbox } from '../fixtures/sandbox.js';

const scenario = (name: string) => ({ [SCENARIO_HEADER]: name });

/** What a partner may do to a fresh order before moving the clock. */
const ACTIONS: Record<string, (path: string) => Array<[method: string, path: string]>> = {
  nothing: () => [],
  'request a draw': (p) => [['POST', `${p}/phlebotomy/appointment/request`]],
  'book a draw': (p) => [['POST', `${p}/phlebotomy/appointment/book`]],
  'request, then book': (p) => [
    ['POST', `${p}/phlebotomy/appointment/request`],
    ['POST', `${p}/phlebotomy/appointment/book`],
  ],
  'book, then reschedule': (p) => [
    ['POST', `${p}/phlebotomy/appointment/book`],
    ['PATCH', `${p}/phlebotomy/appointment/reschedule`],
  ],
  'book at a service center': (p) => [['POST', `${p}/psc/appointment/book`]],
  'book, then cancel the appointment': (p) => [
    ['POST', `${p}/phlebotomy/appointment/book`],
    ['POST', `${p.replace('/v3/order/', '/_sandbox/orders/')}/appointment/cancel`],
  ],
  'cancel the order': (p) => [['POST', `${p.replace('/v3/order/', '/_sandbox/orders/')}/cancel`]],
};

describe('issue 22: scenarios that do not fit a resource', () => {
  it('refuses a blood draw on a test-kit order with 422 naming why, and the kit is still lost a day later', async () => {
    const sandbox = strictSandbox();
    const order = await call(sandbox, 'POST', '/v3/order', {
      body: await orderFor(sandbox),
      headers: scenario('kit_lost_to_customer'),
    });
    for (const path of ['phlebotomy/appointment/book', 'psc/appointment/book']) {
      const refused = await call(sandbox, 'POST', `/v3/order/${order.body.id}/${path}`, { body: {} });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('scenario_not_applicable');
      expect(refused.body.error.message).toContain('kit_lost_to_customer');
      expect(refused.body.error.message).toContain('test kit');
    }
    expect(() => sandbox.clock.advance({ seconds: 86_400 })).not.toThrow();
    const last = sandbox.webhooks.events().at(-1)?.data as { low_level_status?: string };
    expect(last.low_level_status).toBe('problem_in_transit_customer');
    // Once the kit is lost, a new draw is how the patient goes on.
    const booked = await call(sandbox, 'POST', `/v3/order/${order.body.id}/phlebotomy/appointment/book`, {
      body: {},
    });
    expect(booked.status).toBe(200);
  });

  it.each([
    ['/v3/order', 'parsing_fails', 'order'],
    ['/v3/order', 'mfa_required', 'order'],
    ['/v2/link/token', 'sample_lost_in_transit', 'link token'],
  ])('refuses %s under %s with 422: it does not shape a %s', async (path, name, resource) => {
    const sandbox = strictSandbox();
    const { status, body } = await call(sandbox, 'POST', path, {
      body: await orderFor(sandbox),
      headers: scenario(name),
    });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'scenario_not_applicable' });
    expect(body.error.message).toContain(`not a ${resource}`);
    expect(sandbox.webhooks.events().filter((e) => e.event_type === 'labtest.order.updated')).toEqual([]);
  });

  it('refuses a parsing job under an order scenario with 422', async () => {
    const sandbox = strictSandbox();
    const form = new FormData();
    form.set('file', new File([REPORTS.pdf], 'r.pdf'));
    const response = await sandbox.fetch(
      new Request(`${sandbox.url}/lab_report/v1/parser/job`, {
        method: 'POST',
        headers: { [sandbox.apiKeyHeader]: 'sk_test_fixture', ...scenario('kit_lost_to_customer') },
        body: form,
      }),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe('scenario_not_applicable');
  });

  it('applies a user scenario only where it fits: an order of a parsing_fails user follows happy_path', async () => {
    const sandbox = strictSandbox();
    const user = await call(sandbox, 'GET', '/v2/user/resolve/carol+parsing_fails');
    const order = await call(sandbox, 'POST', '/v3/order', { body: { user_id: user.body.user_id } });
    expect(order.status).toBe(200);
    await call(sandbox, 'POST', `/v3/order/${order.body.id}/phlebotomy/appointment/book`, { body: {} });
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    const last = sandbox.webhooks
      .events()
      .filter((e) => e.event_type === 'labtest.order.updated')
      .at(-1);
    expect((last?.data.last_event as { status?: string } | undefined)?.status).toBe(
      'completed.at_home_phlebotomy.completed',
    );
  });

  const orderScenarios = Object.keys(SCENARIOS).filter((name) =>
    ['happy_path', 'sample_lost_in_transit', 'kit_lost_to_customer'].includes(name),
  );
  it.each(orderScenarios.flatMap((name) => Object.keys(ACTIONS).map((action) => [name, action])))(
    'never throws from clock.advance: an order under %s, after "%s"',
    async (name, action) => {
      const sandbox = strictSandbox();
      const order = await call(sandbox, 'POST', '/v3/order', {
        body: await orderFor(sandbox),
        headers: scenario(name),
      });
      for (const [method, path] of ACTIONS[action]?.(`/v3/order/${order.body.id}`) ?? []) {
        const { status } = await call(sandbox, method, path, { body: {} });
        expect(status, `${method} ${path}`).toBeLessThan(500);
      }
      for (const seconds of [60, 3_600, 86_400, 86_400, 3 * 86_400, 7 * 86_400])
        expect(() => sandbox.clock.advance({ seconds })).not.toThrow();
    },
  );
});
