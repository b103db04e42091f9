import { readFileSync } from 'node:fs';
import { followRef, type HttpMethod, type OpenApiDocument } from '@svc/spec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

const document = load(
  readFileSync(new URL('../../control-openapi.yaml', import.meta.url), 'utf8'),
) as OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ ...document, $id: 'https://control.invalid/doc' });

/** Checks an answer against the control document's response for its status. */
function expectDocumented(method: string, path: string, status: number, body: unknown) {
  const operation = document.paths?.[path]?.[method.toLowerCase() as HttpMethod];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const response = followRef(document, operation?.responses?.[String(status)]);
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  const schema = response?.content?.['application/json']?.schema;
  const validate = ajv.compile({
    $id: `https://control.invalid/check/${method}${path}/${status}`,
    ...(absolute(schema) as object),
  });
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

const absolute = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(absolute)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node).map(([k, v]) => [
            k,
            k === '$ref' && typeof v === 'string' ? `https://control.invalid/doc${v}` : absolute(v),
          ]),
        )
      : node;

describe('the control routes follow control-openapi.yaml', () => {
  it('answers every documented route with its documented shape', async () => {
    const sandbox = strictSandbox({ webhookFetch: async () => new Response(null, { status: 204 }) });
    const check = async (method: string, path: string, body?: unknown) => {
      const answer = await call(sandbox, method, path, body === undefined ? {} : { body });
      expectDocumented(method, path, answer.status, answer.body);
      return answer;
    };
    const patientOrder = await orderFor(sandbox); // resolved before webhooks: only the order is delivered
    await check('GET', '/_sandbox/clock');
    await check('POST', '/_sandbox/clock/advance', { seconds: 60 });
    await check('POST', '/_sandbox/clock/advance', { to: 'yesterday' });
    await check('PUT', '/_sandbox/webhooks', {
      url: 'https://r.test/h',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    await check('PUT', '/_sandbox/webhooks', { url: 'nope', secret: 'x' });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.world('sk_test_fixture').webhooks.flush();
    const deliveries = await check('GET', '/_sandbox/webhooks/deliveries');
    expect(deliveries.body.deliveries).toHaveLength(1);
    const sentId = deliveries.body.deliveries[0].event_id;
    const resent = await call(sandbox, 'POST', `/_sandbox/webhooks/deliveries/${sentId}/resend`);
    expectDocumented('POST', '/_sandbox/webhooks/deliveries/{event_id}/resend', resent.status, resent.body);
    expect(resent.body).toEqual({ event_id: sentId });
    await sandbox.world('sk_test_fixture').webhooks.flush();
    const after = (await call(sandbox, 'GET', '/_sandbox/webhooks/deliveries')).body.deliveries;
    expect(after.map((d: { event_id: string }) => d.event_id)).toEqual([sentId, sentId]);
    const unknown = await call(sandbox, 'POST', '/_sandbox/webhooks/deliveries/msg_nope/resend');
    expectDocumented('POST', '/_sandbox/webhooks/deliveries/{event_id}/resend', unknown.status, unknown.body);
    expect(unknown.status).toBe(404);
    const snapshot = await check('GET', '/_sandbox/snapshot');
    await check('PUT', '/_sandbox/snapshot', snapshot.body);
    await check('PUT', '/_sandbox/snapshot', { version: 1 });
    const order = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    await call(sandbox, 'POST', `/v3/order/${order.id}/phlebotomy/appointment/book`, { body: {} });
    const cancelled = await call(sandbox, 'POST', `/_sandbox/orders/${order.id}/appointment/cancel`);
    expectDocumented(
      'POST',
      '/_sandbox/orders/{order_id}/appointment/cancel',
      cancelled.status,
      cancelled.body,
    );
    expect(cancelled.body.status).toBe('cancelled');
    const again = await call(sandbox, 'POST', `/_sandbox/orders/${order.id}/appointment/cancel`);
    expectDocumented('POST', '/_sandbox/orders/{order_id}/appointment/cancel', again.status, again.body);
    expect(again.status).toBe(404);
    const orderCancelled = await call(sandbox, 'POST', `/_sandbox/orders/${order.id}/cancel`);
    expectDocumented(
      'POST',
      '/_sandbox/orders/{order_id}/cancel',
      orderCancelled.status,
      orderCancelled.body,
    );
    expect(orderCancelled.body.status).toBe('cancelled.at_home_phlebotomy.cancelled');
    const twice = await call(sandbox, 'POST', `/_sandbox/orders/${order.id}/cancel`);
    expectDocumented('POST', '/_sandbox/orders/{order_id}/cancel', twice.status, twice.body);
    expect(twice.status).toBe(409);
    await check('POST', '/_sandbox/reset');
    const missingKey = await sandbox.fetch(new Request(`${sandbox.url}/_sandbox/clock`));
    expectDocumented('GET', '/_sandbox/clock', missingKey.status, await missingKey.json());
  });
});
