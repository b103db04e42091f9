import { describe, expect, inject, it } from 'vitest';

const base = () => inject('mockUrl');
const key = { 'x-svc-api-key': 'sk-test-mock' };
const orderId = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';
const address = { first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };

/** A POST of a JSON body, with the key. */
const post = (path: string, body: unknown) =>
  fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { ...key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** An appointment request whose notes are `length` characters long. */
const requestWithNotes = (length: number) =>
  post(`/v3/order/${orderId}/phlebotomy/appointment/request`, {
    address,
    provider: 'any-provider',
    appointment_notes: 'n'.repeat(length),
  });

/** Prism names each violation in the `sl-violations` header; the body is the spec's open error shape. */
async function expect422(response: Response, mentions: string) {
  const violations = response.headers.get('sl-violations') ?? '';
  expect(response.status, violations).toBe(422);
  expect(violations).toContain(mentions);
  await response.body?.cancel();
}

describe('the mock rejects requests that break the spec with 422', () => {
  it('rejects a user_id that is not a uuid', async () => {
    const response = await fetch(`${base()}/v2/timeseries/not-a-uuid/steps/grouped?start_date=2026-11-01`, {
      headers: key,
    });
    await expect422(response, 'user_id');
  });

  // Header names are case-insensitive, so this uses a bare fetch with no default headers at all.
  it('rejects a request without the x-svc-api-key header', async () => {
    const response = await fetch(`${base()}/v2/user/resolve/client-user-1`);
    await expect422(response, 'x-svc-api-key');
  });

  it('rejects appointment_notes of 1,001 characters', async () => {
    await expect422(await requestWithNotes(1001), 'appointment_notes');
  });

  it('accepts appointment_notes of exactly 1,000 characters', async () => {
    expect((await requestWithNotes(1000)).status).toBe(200);
  });

  it('rejects complete_mfa without mfa_code', async () => {
    await expect422(await post('/v2/link/provider/password/whoop/complete_mfa', {}), 'mfa_code');
  });

  it('rejects an order whose body is null as it rejects [1,2]: the spec takes an object', async () => {
    const array = await post('/v3/order', [1, 2]);
    const violations = array.headers.get('sl-violations');
    await expect422(array, 'must be object');
    for (const body of ['null', ' \n null \t']) {
      const response = await fetch(`${base()}/v3/order`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body,
      });
      expect(response.headers.get('sl-violations')).toBe(violations);
      await expect422(response, 'must be object');
    }
  });

  it('accepts an order without a body, which the spec leaves optional', async () => {
    const response = await fetch(`${base()}/v3/order`, { method: 'POST', headers: key });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});
