import { describe, expect, it } from 'vitest';
import { bundledSpec, call, orderFor, sandboxWithDisk, strictSandbox } from '../fixtures/sandbox.js';

describe('issue 37: a request changes its world whole or not at all, in process too', () => {
  it('keeps nothing of a request whose answer breaks the spec (strict): no user, no event', async () => {
    const broken = bundledSpec();
    broken.components.schemas.UserRecord.required.push('not_a_field_the_sandbox_sends');
    const sandbox = strictSandbox({ spec: broken });
    const before = sandbox.snapshot();
    expect((await call(sandbox, 'GET', '/v2/user/resolve/alice')).status).toBe(500);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('undoes a step the lifecycle refuses halfway: the appointment moved, then the order refused', async () => {
    const sandbox = strictSandbox();
    const order = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body;
    const book = `/v3/order/${order.id}/phlebotomy/appointment/book`;
    expect((await call(sandbox, 'POST', book, { body: {} })).status).toBe(200);
    // An order that no longer takes a reschedule, beside an appointment that would.
    const snapshot = sandbox.snapshot();
    (snapshot.orders[order.id] as { state: string }).state = 'ordered';
    sandbox.restore(snapshot);
    const refused = await call(sandbox, 'PATCH', `/v3/order/${order.id}/phlebotomy/appointment/reschedule`, {
      body: { appointment_notes: 'later' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(
      'APPOINTMENT_RESCHEDULED is not allowed while the order is ordered',
    );
    expect(sandbox.snapshot()).toEqual(snapshot);
  });

  it('undoes every step of a request whose change cannot be saved, a restore included', async () => {
    const { sandbox, disk } = sandboxWithDisk();
    const body = await orderFor(sandbox);
    const before = sandbox.snapshot();
    disk.full = true;
    expect((await call(sandbox, 'POST', '/v3/order', { body })).status).toBe(503);
    expect((await call(sandbox, 'POST', '/_sandbox/reset')).status).toBe(503);
    expect(sandbox.snapshot()).toEqual(before);
    expect(sandbox.webhooks.events()).toEqual(before.events);
  });
});
