// Issue 23: where the service does not show the full request shape, fields the spec does not name
// reach the wire unchanged, in JSON bodies and in upload forms alike (and type-check).
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/index.js';
import { fakeFetch, json, testClient } from '../fixtures/fake-fetch.js';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25]);
const ORDER_ID = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';

describe('issue 23: extra request fields pass through unchanged', () => {
  it('sends body fields the spec does not name on an order and a booking', async () => {
    const fake = fakeFetch(() => json({ id: ORDER_ID }, 200));
    const client = testClient(fake.fetch);
    await client.createOrder({
      body: { user_id: ORDER_ID, lab_test_id: ORDER_ID, priority: 'stat', extras: { fasting: true } },
    });
    await client.bookPscAppointment({
      order_id: ORDER_ID,
      body: { booking_key: 'bk_1', site_code: 'PSC-7' },
    });
    expect(JSON.parse(fake.sent[0]?.body ?? '')).toMatchObject({
      priority: 'stat',
      extras: { fasting: true },
    });
    expect(JSON.parse(fake.sent[1]?.body ?? '')).toEqual({ booking_key: 'bk_1', site_code: 'PSC-7' });
  });

  it('sends upload form fields beside the file', async () => {
    const forms: FormData[] = [];
    const fetch: FetchLike = async (request) => {
      forms.push(await request.formData());
      return json({ id: 'job-1', status: 'queued' }, 201);
    };
    await testClient(fetch).createParsingJob({
      body: { file: new Blob([PDF], { type: 'application/pdf' }), language: 'de', patient_ref: 'p-17' },
    });
    expect(forms[0]?.get('language')).toBe('de');
    expect(forms[0]?.get('patient_ref')).toBe('p-17');
    expect(forms[0]?.get('file')).toBeInstanceOf(File);
  });
});
