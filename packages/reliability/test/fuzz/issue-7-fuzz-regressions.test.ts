// Regressions for the client gaps the issue 7 fuzzers found; each test failed before its fix.
import { createClient, SvcError, ValidationError } from '@svc/client';
import { labTesting } from '@svc/lab-testing';
import { describe, expect, it } from 'vitest';
import { specOperations } from '../spec.js';
import { API_KEY, BASE_URL, recordingFetch } from './recording-fetch.js';
import { paramsViolation } from './spec-violations.js';

const setup = () => {
  const recorder = recordingFetch();
  const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: recorder.fetch, maxRetries: 0 });
  return { recorder, client };
};

const outcome = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
};

describe('issue 7: client gaps found by fuzzing stay fixed', () => {
  it('the oracle sees a non-scalar lab_id as a spec violation (the check the client now makes too)', () => {
    const listMarkers = specOperations.find((operation) => operation.id === 'listMarkers');
    expect(listMarkers && paramsViolation(listMarkers, { lab_id: { a: 1 } })).toBe(
      'lab_id: not integer | string',
    );
  });

  it('refuses an object as lab_id (spec: integer | string) before sending', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listMarkers({ lab_id: { a: 1 } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('wraps a BigInt in a multipart body in a typed error', async () => {
    const { client } = setup();
    const error = await outcome(client.createParsingJob({ body: { file: { n: 1n } } } as never));
    expect(error).toBeInstanceOf(SvcError);
  });

  it('refuses a BigInt in a JSON body with ValidationError', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.importOrder({ body: { n: 1n } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses a lone surrogate in a path parameter with ValidationError', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.resolveUser({ client_user_id: '\ud800' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses a null marker search with a typed error', async () => {
    const { client } = setup();
    const error = await outcome(
      (async () =>
        labTesting(client)
          .catalogue.searchMarkers(null as never)
          .toArray({ limit: 1 }))(),
    );
    expect(error).toBeInstanceOf(SvcError);
  });

  it('refuses a timeoutMs above 2^31-1 ms, which every runtime would turn into a 1 ms timer', () => {
    expect(() =>
      createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: recordingFetch().fetch, timeoutMs: 2 ** 31 }),
    ).toThrow(ValidationError);
  });

  it('refuses a per-call timeoutMs above 2^31-1 ms before sending', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { timeoutMs: 2 ** 31 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses an idempotency key with surrounding spaces, which the wire would trim into another key', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { idempotencyKey: 'order-1 ' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses a per-call timeoutMs that is not a positive number with ValidationError', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { timeoutMs: Number.NaN }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses a per-call maxRetries that createClient would refuse (Infinity) with ValidationError', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { maxRetries: Number.POSITIVE_INFINITY }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('refuses a header value fetch cannot send with ValidationError', async () => {
    const { recorder, client } = setup();
    const error = await outcome(
      client.completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': 'a\u0000b',
        body: { mfa_code: '1' },
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });
});
