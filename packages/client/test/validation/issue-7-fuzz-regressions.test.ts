// Regressions for the client gaps the issue 7 fuzzers (packages/reliability) found; each failed before its fix.
import { describe, expect, it } from 'vitest';
import { createClient, SvcError, ValidationError } from '../../src/index.js';
import { fakeFetch } from '../fixtures/fake-fetch.js';

const API_KEY = 'sk-fuzz-0123456789abcdef';
const BASE_URL = 'http://127.0.0.1:9';

const setup = () => {
  const recorder = fakeFetch(() => Response.json({}));
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

  it('refuses a timeoutMs above 2^31-1 ms, which every runtime would turn into a 1 ms timer', () => {
    expect(() =>
      createClient({
        apiKey: API_KEY,
        baseUrl: BASE_URL,
        fetch: fakeFetch(() => Response.json({})).fetch,
        timeoutMs: 2 ** 31,
      }),
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
