import type { Schema } from '@svc/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type APIPromise,
  createClient,
  type NamedParams,
  type Uploadable,
  type WithResponse,
} from '../../src/index.js';

const client = createClient({ apiKey: 'k', region: 'eu' });

describe('named method types', () => {
  it('resolves with the operation success data', () => {
    expectTypeOf(client.resolveUser({ client_user_id: 'u1' })).toEqualTypeOf<
      APIPromise<Schema<'UserRecord'>>
    >();
    expectTypeOf(client.resolveUser({ client_user_id: 'u1' }).withResponse()).toEqualTypeOf<
      Promise<WithResponse<Schema<'UserRecord'>>>
    >();
  });

  it('takes path, query and header parameters flat, plus body', () => {
    expectTypeOf<Parameters<typeof client.completePasswordProviderMfa>[0]>().toEqualTypeOf<{
      provider: Schema<'PasswordProvider'>;
      'x-svc-link-token'?: string | null;
      body: Schema<'CompleteMfaRequest'>;
    }>();
  });

  it('leaves the API key and the idempotency key to the client', () => {
    expectTypeOf<Parameters<typeof client.createOrder>[0]>().not.toHaveProperty('x-svc-api-key');
    expectTypeOf<Parameters<typeof client.createOrder>[0]>().not.toHaveProperty('Idempotency-Key');
    // @ts-expect-error the client sends the API key; it is not a parameter
    client.resolveUser({ client_user_id: 'u1', 'x-svc-api-key': 'k' });
  });

  it('requires what the spec requires', () => {
    // @ts-expect-error start_date is required
    client.getStepsGrouped({ user_id: 'u' });
    // @ts-expect-error the body is required
    client.completePasswordProviderMfa({ provider: 'whoop' });
    // @ts-expect-error params are required when a parameter is
    client.resolveUser();
    client.listProviders();
    client.createOrder();
  });

  it('types page and size as numbers', () => {
    expectTypeOf<NamedParams<import('@svc/types').operations['listLabTestMarkers']>['size']>().toEqualTypeOf<
      number | undefined
    >();
    // @ts-expect-error size is an integer, not a string
    client.listLabTestMarkers({ lab_test_id: 'x', size: '10' });
  });

  it('issue 11: types the lab report file as any Uploadable, and only the body as required', () => {
    expectTypeOf<Parameters<typeof client.createParsingJob>[0]['body']['file']>().toEqualTypeOf<
      Uploadable | undefined
    >();
    client.createParsingJob({ body: { file: new Uint8Array(4) } });
    client.createParsingJob({
      body: { file: { data: new ArrayBuffer(4), filename: 'r.pdf', contentType: 'application/pdf' } },
    });
    client.createParsingJob({ body: {} });
    // @ts-expect-error a file is bytes, not a string
    client.createParsingJob({ body: { file: 'report.pdf' } });
  });

  it('accepts and returns unknown values of non-exhaustive enums', () => {
    client.completePasswordProviderMfa({ provider: 'a_provider_added_next_year', body: { mfa_code: '1' } });
    expectTypeOf<'a_state_added_next_year'>().toExtend<Schema<'LinkState'>>();
    expectTypeOf<'on_hold'>().toExtend<Schema<'AppointmentStatus'>>();
    expectTypeOf<Schema<'AppointmentStatus'>>().toExtend<string>();
  });
});

describe('issue 23: the fields a lab-order flow needs are typed, and the records stay open', () => {
  it("types the created order's id", async () => {
    const order = await client.createOrder({ body: {} as never });
    expectTypeOf(order.id).toEqualTypeOf<string | undefined>();
    expectTypeOf(order.anything_else).toEqualTypeOf<unknown>();
  });

  it('types an availability slot and its booking key, which a booking takes', async () => {
    const availability = await client.getPscAppointmentAvailability({ order_id: 'o' });
    const slot = availability.slots?.[0];
    expectTypeOf(slot?.booking_key).toEqualTypeOf<string | undefined>();
    expectTypeOf(slot?.start).toEqualTypeOf<string | undefined>();
    expectTypeOf(availability.cache_age).toEqualTypeOf<unknown>();
    client.bookPscAppointment({ order_id: 'o', body: { booking_key: slot?.booking_key } });
    client.bookPhlebotomyAppointment({
      order_id: 'o',
      body: { booking_key: 'bk_1', appointment_notes: null },
    });
  });
});

describe('typed path client types', () => {
  it("keeps openapi-fetch's { data, error, response } result", async () => {
    const { data, response } = await client.GET('/v2/user/resolve/{client_user_id}', {
      params: { path: { client_user_id: 'u1' } },
    });
    expectTypeOf(data).toEqualTypeOf<Schema<'UserRecord'> | undefined>();
    expectTypeOf(response).toEqualTypeOf<Response>();
  });

  it('refuses a path the spec does not have', () => {
    // @ts-expect-error not a path of the spec
    client.GET('/v2/nope');
  });
});
