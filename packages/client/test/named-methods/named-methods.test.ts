import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import { REQUEST_ID_HEADER } from '../../src/index.js';
import { fakeFetch, json, ORDER_ID, testClient, USER_ID } from '../fixtures/fake-fetch.js';

describe('named methods', () => {
  it('has one named method per operation of the spec', () => {
    const client = testClient(fakeFetch(() => json({})).fetch) as unknown as Record<string, unknown>;
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const operation of operations) expect(typeof client[operation.id], operation.id).toBe('function');
  });

  it('resolves with the data; withResponse() adds the raw Response and request id of the same request', async () => {
    const user = { user_id: USER_ID, client_user_id: 'u1' };
    const fake = fakeFetch(() => json(user, 200, { [REQUEST_ID_HEADER]: 'req_42' }));
    const call = testClient(fake.fetch).resolveUser({ client_user_id: 'u1' });
    const { data, response, requestId } = await call.withResponse();
    expect(await call).toEqual(user);
    expect(data).toEqual(user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(requestId).toBe('req_42');
    expect(fake.sent).toHaveLength(1);
  });

  it('places each flat param where the spec puts it, skipping null and undefined query values', async () => {
    const fake = fakeFetch(() => json({ groups: {} }));
    await testClient(fake.fetch).getStepsGrouped({
      user_id: USER_ID,
      start_date: '2026-11-01',
      end_date: null,
      next_cursor: 'c 1',
    });
    const url = new URL(fake.sent[0]?.url ?? '');
    expect(url.pathname).toBe(`/v2/timeseries/${USER_ID}/steps/grouped`);
    expect([...url.searchParams]).toEqual([
      ['start_date', '2026-11-01'],
      ['next_cursor', 'c 1'],
    ]);
  });

  it('sends header params as headers and encodes path params', async () => {
    const fake = fakeFetch(() => json({ state: 'success' }));
    await testClient(fake.fetch).completePasswordProviderMfa({
      provider: 'my provider/x',
      'x-svc-link-token': 'lt_123456',
      body: { mfa_code: '123456' },
    });
    const [sent] = fake.sent;
    expect(sent?.url).toContain('/v2/link/provider/password/my%20provider%2Fx/complete_mfa');
    expect(sent?.headers.get('x-svc-link-token')).toBe('lt_123456');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.body).toBe('{"mfa_code":"123456"}');
  });

  it('sends the lab report upload as multipart form data with the file', async () => {
    const fake = fakeFetch(() => json({ id: 'job_1' }));
    const file = new File(['%PDF-1.7 sample'], 'report.pdf', { type: 'application/pdf' });
    await testClient(fake.fetch).createParsingJob({ body: { file } });
    const [sent] = fake.sent;
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('filename="report.pdf"');
    expect(sent?.body).toContain('%PDF-1.7 sample');
  });

  it('generates an Idempotency-Key for operations marked x-svc-idempotent, or sends the given one', async () => {
    const fake = fakeFetch(() => json({}));
    const client = testClient(fake.fetch);
    await client.bookPscAppointment({ order_id: ORDER_ID, body: {} });
    await client.createOrder({ body: {} }, { idempotencyKey: 'order-2026-11-22-001' });
    expect(fake.sent[0]?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]/,
    );
    expect(fake.sent[1]?.headers.get('idempotency-key')).toBe('order-2026-11-22-001');
  });

  it('sends no Idempotency-Key for other operations unless one is given', async () => {
    const fake = fakeFetch(() => json({}));
    await testClient(fake.fetch).createSignInToken({ user_id: USER_ID });
    expect(fake.sent[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends client headers on every call and per-call headers on that call', async () => {
    const fake = fakeFetch(() => json([]));
    const client = testClient(fake.fetch, { headers: { 'x-team': 'lab' } });
    await client.listProviders(undefined, { headers: { 'x-trace': 't1' } });
    await client.listProviders();
    expect(fake.sent.map((sent) => [sent.headers.get('x-team'), sent.headers.get('x-trace')])).toEqual([
      ['lab', 't1'],
      ['lab', null],
    ]);
  });

  it('lets params be omitted when the operation requires none', async () => {
    const fake = fakeFetch(() => json([]));
    await expect(testClient(fake.fetch).listProviders()).resolves.toEqual([]);
    expect(new URL(fake.sent[0]?.url ?? '').search).toBe('');
  });

  it('is a thenable promise: catch and finally work, and Promise.all accepts it', async () => {
    const fake = fakeFetch(() => json({}, 404));
    const client = testClient(fake.fetch);
    let finished = false;
    const caught = await client
      .listProviders()
      .finally(() => {
        finished = true;
      })
      .catch((error: Error) => error.name);
    expect(caught).toBe('NotFoundError');
    expect(finished).toBe(true);
    expect(Object.prototype.toString.call(client.listProviders().catch(() => undefined))).toBe(
      '[object Promise]',
    );
  });
});
