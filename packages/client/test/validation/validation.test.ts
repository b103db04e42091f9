import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { check } from '../../src/internal/input/validate.js';
import { fakeFetch, json, ORDER_ID, testClient, USER_ID } from '../fixtures/fake-fetch.js';

const address = { first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };

/** Runs a call that must be refused before sending; returns the error. */
async function refused(
  call: (client: ReturnType<typeof testClient>) => Promise<unknown>,
): Promise<ValidationError> {
  const fake = fakeFetch(() => json({}));
  const error = await call(testClient(fake.fetch)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(fake.sent).toHaveLength(0);
  return error as ValidationError;
}

async function accepted(call: (client: ReturnType<typeof testClient>) => Promise<unknown>): Promise<void> {
  const fake = fakeFetch(() => json({}));
  await call(testClient(fake.fetch));
  expect(fake.sent).toHaveLength(1);
}

describe('validation before sending', () => {
  it('refuses a user_id that is not a uuid, naming the field', async () => {
    const error = await refused((client) =>
      client.getStepsGrouped({ user_id: 'not-a-uuid', start_date: '2026-11-01' }),
    );
    expect(error.field).toBe('user_id');
    expect(error.message).toBe('Invalid user_id: must be a uuid');
  });

  it('refuses appointment_notes over 1,000 characters and accepts exactly 1,000', async () => {
    const request = (notes: string) => (client: ReturnType<typeof testClient>) =>
      client.requestPhlebotomyAppointment({
        order_id: ORDER_ID,
        body: { address, provider: 'any-provider', appointment_notes: notes },
      });
    const error = await refused(request('n'.repeat(1001)));
    expect(error.field).toBe('body.appointment_notes');
    expect(error.message).toContain('at most 1000 characters');
    await accepted(request('n'.repeat(1000)));
  });

  it('counts characters, not UTF-16 units: 1,000 emoji are within the limit', async () => {
    await accepted((client) =>
      client.bookPhlebotomyAppointment({
        order_id: ORDER_ID,
        body: { appointment_notes: '🩸'.repeat(1000) },
      }),
    );
    await refused((client) =>
      client.reschedulePhlebotomyAppointment({
        order_id: ORDER_ID,
        body: { appointment_notes: '🩸'.repeat(1001) },
      }),
    );
  });

  it('refuses order clinical comments over 1,000 characters', async () => {
    const error = await refused((client) =>
      client.createOrder({ body: { clinical_notes: 'c'.repeat(1001) } }),
    );
    expect(error.field).toBe('body.clinical_notes');
  });

  it.each([
    ['page', 0],
    ['size', 0],
    ['size', 101],
    ['page', 1.5],
  ])('refuses %s = %s on the nested markers list', async (name, value) => {
    const error = await refused((client) =>
      client.listLabTestMarkers({ lab_test_id: USER_ID, [name]: value }),
    );
    expect(error.field).toBe(name);
  });

  it('accepts the page and size bounds themselves', async () => {
    await accepted((client) => client.listLabTestMarkers({ lab_test_id: USER_ID, page: 1, size: 1 }));
    await accepted((client) => client.listMarkers({ page: 1, size: 100 }));
  });

  it('refuses a missing required query parameter, body and body field', async () => {
    const missingQuery = await refused((client) =>
      client.getStepsGrouped({ user_id: USER_ID } as Parameters<typeof client.getStepsGrouped>[0]),
    );
    expect(missingQuery.field).toBe('start_date');
    const missingBody = await refused((client) =>
      client.completePasswordProviderMfa({ provider: 'whoop' } as Parameters<
        typeof client.completePasswordProviderMfa
      >[0]),
    );
    expect(missingBody.field).toBe('body');
    const missingField = await refused((client) =>
      client.requestPhlebotomyAppointment({ order_id: ORDER_ID, body: { address } as never }),
    );
    expect(missingField.field).toBe('body.provider');
  });

  it('refuses a parameter the operation does not have', async () => {
    const error = await refused((client) => client.listProviders({ pageSize: 10 } as never));
    expect(error.message).toBe('Invalid pageSize: is not a parameter of listProviders');
  });

  it('never refuses an unknown value of a non-exhaustive enum', async () => {
    await accepted((client) =>
      client.completePasswordProviderMfa({ provider: 'brand_new_provider', body: { mfa_code: '123456' } }),
    );
    await accepted((client) =>
      client.requestPhlebotomyAppointment({
        order_id: ORDER_ID,
        body: { address, provider: 'a-fifth-provider' },
      }),
    );
  });

  it('accepts null where the spec allows it and refuses it elsewhere', async () => {
    await accepted((client) =>
      client.getStepsGrouped({ user_id: USER_ID, start_date: '2026-11-01', end_date: null }),
    );
    const error = await refused((client) =>
      client.createOrder({ body: { clinical_notes: null as unknown as string } }),
    );
    expect(error.message).toBe('Invalid body.clinical_notes: must not be null');
  });

  it('validates calls of the typed path client too', async () => {
    const error = await refused((client) =>
      client.GET('/v2/timeseries/{user_id}/steps/grouped', {
        params: { path: { user_id: 'nope' }, query: { start_date: '2026-11-01' } },
      }),
    );
    expect(error.field).toBe('user_id');
    await refused((client) =>
      client.POST('/v3/order/{order_id}/phlebotomy/appointment/request', {
        params: { path: { order_id: ORDER_ID } },
        body: { address, provider: 'p', appointment_notes: 'x'.repeat(1001) },
      }),
    );
  });

  it('never puts the refused value in the message', async () => {
    const secretish = 'patient-jane-doe-1985';
    const error = await refused((client) =>
      client.getStepsGrouped({ user_id: secretish, start_date: '2026-11-01' }),
    );
    expect(error.message).not.toContain(secretish);
  });
});

describe('validation rules (properties)', () => {
  const notes = { type: 'string', max: 1000 } as const;
  const uuid = { type: 'string', uuid: true } as const;
  const size = { type: 'integer', min: 1, max: 100 } as const;
  const passes = (rule: Parameters<typeof check>[0], value: unknown) => {
    try {
      check(rule, value, 'field');
      return true;
    } catch (error) {
      if (error instanceof ValidationError) return false;
      throw error;
    }
  };

  it('accepts every string of at most 1,000 characters and refuses every longer one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 1200 }), (text) => {
        expect(passes(notes, text)).toBe([...text].length <= 1000);
      }),
    );
  });

  it('accepts every uuid, in either case', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), (value, upper) => {
        expect(passes(uuid, upper ? value.toUpperCase() : value)).toBe(true);
      }),
    );
  });

  it('refuses every string that is not a uuid', () => {
    const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(passes(uuid, value)).toBe(shape.test(value));
      }),
    );
  });

  it('accepts exactly the integers from 1 to 100 for size', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constant(Number.NaN)), (value) => {
        expect(passes(size, value)).toBe(Number.isInteger(value) && value >= 1 && value <= 100);
      }),
    );
  });

  it('checks nested objects and array items, naming the path to the bad value', () => {
    const rule = {
      type: 'object',
      required: ['items'],
      props: { items: { type: 'array', items: { type: 'object', props: { id: uuid } } } },
    } as const;
    expect(() => check(rule, { items: [{ id: USER_ID }, { id: 'x' }] }, 'body')).toThrow(
      'Invalid body.items[1].id',
    );
    expect(() => check(rule, {}, 'body')).toThrow('Invalid body.items: is required');
  });
});
