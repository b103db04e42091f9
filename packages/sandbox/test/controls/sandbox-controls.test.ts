import { readFileSync } from 'node:fs';
import { REQUEST_ID_HEADER } from '@svc/client';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CONTROL_ROUTES, createSandbox, SandboxControlError, sandboxControls } from '../../src/index.js';
import { API_KEY, bundledSpec, call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

const control = load(readFileSync(new URL('../../control-openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};

describe('issue 22: one typed surface drives the sandbox', () => {
  it('maps every operation of control-openapi.yaml to its method and path, and nothing else', () => {
    const documented = Object.entries(control.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [
        operation.operationId,
        [method.toUpperCase(), path],
      ]),
    );
    expect(Object.fromEntries(documented)).toEqual(CONTROL_ROUTES);
  });

  it('refuses a bad base URL or key before sending anything', () => {
    expect(() => sandboxControls({ baseUrl: 'localhost:4011', apiKey: 'k' })).toThrow(TypeError);
    expect(() => sandboxControls({ baseUrl: 'http://127.0.0.1:4011', apiKey: ' ' })).toThrow(TypeError);
  });

  it('reads back orders, appointments and parsing jobs, which the API itself cannot', async () => {
    const sandbox = strictSandbox();
    const { controls } = sandbox;
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/alice')).body;
    const order = (await call(sandbox, 'POST', '/v3/order', { body: { user_id: user.user_id } })).body;
    const appointment = (
      await call(sandbox, 'POST', `/v3/order/${order.id}/phlebotomy/appointment/book`, { body: {} })
    ).body;
    expect((await controls.orders.list()).map((o) => o.id)).toEqual([order.id]);
    expect((await controls.orders.get(order.id)).status).toBe(
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
    );
    expect(await controls.appointments.get(appointment.id)).toMatchObject({
      id: appointment.id,
      order_id: order.id,
    });
    expect(await controls.appointments.list()).toHaveLength(1);
    expect(await controls.parsingJobs.list()).toEqual([]);
    await expect(controls.orders.get('nope')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(controls.parsingJobs.get('nope')).rejects.toBeInstanceOf(SandboxControlError);
    await controls.clock.advance({ seconds: 5 * 86_400 });
    expect((await controls.orders.get(order.id)).status).toBe('completed.at_home_phlebotomy.completed');
    expect(await controls.clock.get()).toEqual({ now: sandbox.clock.now().toISOString(), mode: 'frozen' });
  });

  it('triggers every webhook event the API documents, each valid against the spec (strict)', async () => {
    const sandbox = strictSandbox();
    const names = Object.keys(bundledSpec().webhooks).map((name) => name.replace('<resource>', 'steps'));
    for (const name of names) {
      const event = await sandbox.controls.trigger(name);
      expect(event.event_type).toBe(name);
    }
    expect(new Set(sandbox.webhooks.events().map((e) => e.event_type))).toEqual(new Set(names));
    await expect(sandbox.controls.trigger('daily.data.<resource>.created')).rejects.toMatchObject({
      status: 422,
      code: 'unknown_event_type',
    });
    await expect(sandbox.controls.trigger('payment_intent.succeeded')).rejects.toMatchObject({ status: 422 });
  });

  it('triggers an event about a named order, carrying its current record', async () => {
    const sandbox = strictSandbox();
    const order = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    const event = await sandbox.controls.trigger('labtest.order.updated', { order_id: order.id });
    expect(event.data).toMatchObject({ id: order.id, status: 'received.at_home_phlebotomy.ordered' });
  });

  it('answers every request with an x-request-id', async () => {
    const sandbox = strictSandbox();
    const ids = await Promise.all(
      ['/v2/user/resolve/alice', '/_sandbox/clock', '/nowhere'].map(async (path) =>
        (await call(sandbox, 'GET', path)).headers.get(REQUEST_ID_HEADER),
      ),
    );
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('issue 22: webhooks of one resource arrive in the order they were emitted', () => {
  it('delivers an order’s pending update before its scheduled one, however slow the first answer', async () => {
    const received: string[] = [];
    let first = true;
    const sandbox = createSandbox({
      apiKey: API_KEY,
      webhooks: { url: 'https://receiver.test/hooks', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
      webhookFetch: async (request) => {
        const body = (await request.json()) as { data: { status?: string } };
        // The first delivery is answered slowly: a later event must not overtake it.
        if (first) {
          first = false;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        received.push(String(body.data.status));
        return new Response(null, { status: 204 });
      },
    });
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/alice')).body;
    await sandbox.webhooks.flush();
    received.length = 0;
    first = true;
    const order = (await call(sandbox, 'POST', '/v3/order', { body: { user_id: user.user_id } })).body;
    await call(sandbox, 'POST', `/v3/order/${order.id}/phlebotomy/appointment/request`, {
      body: { address: { first_line: '1 Main St' }, provider: 'getlabs' },
    });
    await call(sandbox, 'POST', `/v3/order/${order.id}/phlebotomy/appointment/book`, { body: {} });
    await sandbox.webhooks.flush();
    expect(received).toEqual([
      'received.at_home_phlebotomy.ordered',
      'collecting_sample.at_home_phlebotomy.appointment_pending',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
    ]);
  });
});
