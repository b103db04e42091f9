import { eachOperation } from '@svc/spec/each-operation';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONTROL_DOCUMENT } from '../../src/generated/control-document.js';
import type { ControlOperationId } from '../../src/handlers/control/control-context.js';
import { controlHandlers } from '../../src/handlers/control/control-handlers.js';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

/** The keys of a refusal's body, and those of its `error`: its shape, whatever it says. */
const shapeOf = (body: { error: Record<string, unknown> }) => ({
  body: Object.keys(body).sort(),
  error: Object.keys(body.error).sort(),
});

describe('control routes checked by control-openapi.yaml, as the API is by its spec (issue 50)', () => {
  it('has one handler for each operation of control-openapi.yaml, and no other', () => {
    const documented = [...eachOperation(CONTROL_DOCUMENT)].map(({ operation }) => operation.operationId);
    expect(Object.keys(controlHandlers).sort()).toEqual(documented.sort());
    expectTypeOf<keyof typeof controlHandlers>().toEqualTypeOf<ControlOperationId>();
  });

  it('refuses a control body that breaks its schema with the validator 422 the API gives, and changes nothing', async () => {
    const sandbox = strictSandbox();
    const api = await call(sandbox, 'POST', '/v2/link/provider/password/whoop/complete_mfa', { body: {} });
    const before = sandbox.snapshot();
    const refused = await call(sandbox, 'POST', '/_sandbox/webhooks/trigger', {
      body: { event_type: 'daily.data.steps.created', colour: 'red', order_id: 7 },
    });
    expect(refused.status).toBe(api.status);
    expect(shapeOf(refused.body)).toEqual(shapeOf(api.body));
    expect(refused.body.error).toMatchObject({ code: api.body.error.code, message: api.body.error.message });
    expect(refused.body.error.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: ['request', 'body'], code: 'additionalProperties' }),
        expect.objectContaining({ location: ['request', 'body', 'order_id'], code: 'type' }),
      ]),
    );
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('names each field of a webhook receiver that breaks the schema, never echoing the secret', async () => {
    const sandbox = strictSandbox();
    const refused = await call(sandbox, 'PUT', '/_sandbox/webhooks', {
      body: { url: 'not a url', secret: 'hunter2' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('invalid_request');
    expect(refused.body.error.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: ['request', 'body', 'url'], code: 'format' }),
        expect.objectContaining({ location: ['request', 'body', 'secret'], code: 'pattern' }),
      ]),
    );
    expect(JSON.stringify(refused.body)).not.toContain('hunter2');
  });

  it('refuses a clock advance of neither shape, and one with no body at all, as the API would', async () => {
    const sandbox = strictSandbox();
    const refused = await call(sandbox, 'POST', '/_sandbox/clock/advance', { body: { seconds: 'soon' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'body', 'seconds'], code: 'type' }),
    );
    const empty = await call(sandbox, 'POST', '/_sandbox/clock/advance');
    expect(empty.status).toBe(422);
    expect(empty.body.error.violations).toEqual([
      { location: ['request', 'body'], code: 'required', message: 'request body is required' },
    ]);
    expect((await call(sandbox, 'GET', '/_sandbox/clock')).body.now).toBe('2026-01-05T09:00:00.000Z');
  });

  it('refuses a path parameter that breaks its schema with 422 naming it, before the world is asked', async () => {
    const sandbox = strictSandbox();
    const order = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    const refused = await call(sandbox, 'POST', '/_sandbox/orders/not-an-order-id/cancel');
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('invalid_request');
    expect(refused.body.error.violations).toEqual([
      expect.objectContaining({ location: ['request', 'path', 'order_id'], code: 'format' }),
    ]);
    const unknown = await call(sandbox, 'POST', `/_sandbox/orders/${crypto.randomUUID()}/cancel`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await call(sandbox, 'POST', `/_sandbox/orders/${order.id}/cancel`)).status).toBe(200);
  });

  it('answers a control path under another method 405, as the API does', async () => {
    const sandbox = strictSandbox();
    const refused = await call(sandbox, 'DELETE', '/_sandbox/clock');
    expect(refused.status).toBe(405);
    expect(refused.body.error.code).toBe('method_not_allowed');
    const unknown = await call(sandbox, 'GET', '/_sandbox/weather');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('GET /_sandbox/weather is not a sandbox control route.');
  });

  it('reads a control body as JSON whatever content-type it declares, as curl -d sends it', async () => {
    const sandbox = strictSandbox();
    const moved = await call(sandbox, 'POST', '/_sandbox/clock/advance', {
      raw: '{"seconds":60}',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.now).toBe('2026-01-05T09:01:00.000Z');
  });
});
