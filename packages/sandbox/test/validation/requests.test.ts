import { describe, expect, it } from 'vitest';
import { bundledSpec, call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

describe('requests the spec refuses', () => {
  const sandbox = strictSandbox();

  it('refuses a request without x-svc-api-key with 401 and says which header to send', async () => {
    const response = await sandbox.fetch(new Request(`${sandbox.url}/v2/providers`));
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toContain('x-svc-api-key');
  });

  it('takes the API key header from the spec it serves', async () => {
    const spec = bundledSpec();
    spec.components.parameters.apiKey.name = 'x-other-key';
    const other = strictSandbox({ spec });
    expect(other.apiKeyHeader).toBe('x-other-key');
    const providers = (headers: Record<string, string>) =>
      other.fetch(new Request(`${other.url}/v2/providers`, { headers }));
    const refused = await providers({ 'x-svc-api-key': 'sk_test_other' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toContain('x-other-key');
    expect((await providers({ 'x-other-key': 'sk_test_other' })).status).toBe(200);
  });

  it('answers 422 naming the violation when a path parameter breaks its schema', async () => {
    const { status, body } = await call(sandbox, 'POST', '/v2/user/not-a-uuid/sign_in_token');
    expect(status).toBe(422);
    expect(body.error.violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'path', 'user_id'], code: 'format' }),
    );
  });

  it('answers 422 for a missing required body field and for notes over 1000 characters', async () => {
    const mfa = await call(sandbox, 'POST', '/v2/link/provider/password/whoop/complete_mfa', { body: {} });
    expect(mfa.status).toBe(422);
    expect(mfa.body.error.violations[0]).toMatchObject({
      location: ['request', 'body', 'mfa_code'],
      code: 'required',
    });
    const notes = await call(
      sandbox,
      'POST',
      '/v3/order/2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43/phlebotomy/appointment/request',
      {
        body: { address: {}, provider: 'x', appointment_notes: 'n'.repeat(1001) },
      },
    );
    expect(notes.status).toBe(422);
    expect(notes.body.error.violations[0].location).toEqual(['request', 'body', 'appointment_notes']);
  });

  it('answers 422 for a query value of the wrong type and for a missing required query', async () => {
    const size = await call(sandbox, 'GET', '/v3/lab_tests/markers?size=1000');
    expect(size.status).toBe(422);
    expect(size.body.error.violations[0].location).toEqual(['request', 'query', 'size']);
    const start = await call(
      sandbox,
      'GET',
      '/v2/timeseries/2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43/steps/grouped',
    );
    expect(start.body.error.violations[0].location).toEqual(['request', 'query', 'start_date']);
  });

  it('accepts enum values the spec marks non-exhaustive (the service may add some)', async () => {
    const { status, body } = await call(
      sandbox,
      'POST',
      '/v2/link/provider/password/brand_new_provider/complete_mfa',
      {
        body: { mfa_code: '123456' },
      },
    );
    expect(status).toBe(200);
    expect(body.error_type).toBe('invalid_token');
  });

  it('answers bad percent-encoding in the path with 400', async () => {
    const { status, body } = await call(sandbox, 'GET', '/v2/user/resolve/%E0%A4%A');
    expect(status).toBe(400);
    expect(body.error.code).toBe('bad_path_encoding');
  });

  it('answers an unknown route with 404 and a known path under another method with 405', async () => {
    expect((await call(sandbox, 'GET', '/v9/nothing')).status).toBe(404);
    expect((await call(sandbox, 'DELETE', '/v2/providers')).status).toBe(405);
  });

  // A body that does not parse as its content type says, or of a type the operation does not take.
  const unreadable = [
    {
      answers: 'malformed JSON with 400 and the place it broke',
      send: ['/v3/order', 'application/json', '{"patient_address": '],
      status: 400,
      error: { code: 'malformed_json' },
    },
    {
      answers: 'a body of another media type with 415 naming the accepted one',
      send: ['/v3/order', 'text/plain', 'a=1'],
      status: 415,
      error: { code: 'unsupported_media_type', message: expect.stringContaining('application/json') },
    },
    {
      answers: 'a broken multipart body with 400',
      send: [
        '/lab_report/v1/parser/job',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
      ],
      status: 400,
      error: { code: 'malformed_multipart' },
    },
  ] as const;
  for (const { answers, send, status, error } of unreadable) {
    it(`answers ${answers}`, async () => {
      const [path, type, raw] = send;
      const response = await call(sandbox, 'POST', path, { raw, headers: { 'content-type': type } });
      expect(response.status).toBe(status);
      expect(response.body.error).toMatchObject(error);
    });
  }

  it('refuses an unknown scenario name and lists the known ones', async () => {
    const { status, body } = await call(sandbox, 'POST', '/v3/order', {
      body: await orderFor(sandbox),
      headers: { 'x-svc-sandbox-scenario': 'nope' },
    });
    expect(status).toBe(422);
    expect(body.error.message).toContain('sample_lost_in_transit');
  });
});

describe('Prefer, as the mock reads it', () => {
  const sandbox = strictSandbox();
  const preferring = (path: string, prefer: string) => call(sandbox, 'GET', path, { headers: { prefer } });

  it('serves the named example of an operation without state', async () => {
    const { status, body } = await preferring('/v2/providers', 'example=providers');
    expect(status).toBe(200);
    expect(body[0].slug).toBe('whoop');
  });

  it('answers the preferred status with the open error shape, for any operation', async () => {
    const { status, body } = await preferring('/v2/user/resolve/alice', 'code=429');
    expect(status).toBe(429);
    expect(body.error.code).toBe('preferred_status');
  });

  it.each(['999', 'abc', '', '404x', '101', '304'])(
    'refuses Prefer: code=%s, not a status the operation has, as it refuses an unknown example',
    async (code) => {
      // An operation answered from the examples, and one the sandbox keeps state for.
      for (const path of ['/v2/providers', '/v2/user/resolve/alice']) {
        const { status, body } = await preferring(path, `code=${code}`);
        expect(status).toBe(422);
        expect(body.error).toEqual({
          code: 'invalid_prefer',
          message: `Prefer: code=${code} is not a status this operation declares`,
        });
      }
    },
  );

  it('refuses an example name the operation does not have, listing those it has', async () => {
    const { status, body } = await preferring('/v2/providers', 'example=nope');
    expect(status).toBe(422);
    expect(body.error.message).toContain('providers');
  });
});
