// Reproductions of the client gaps the fuzzers found. Each is `it.fails`: it documents today's
// behaviour and fails once the client is fixed, so the gap and its exclusion (known-gaps.ts) get removed.
import { createClient, type FetchLike, SvcError, ValidationError } from '@svc/client';
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

describe('known client gaps (it.fails until fixed)', () => {
  it('the oracle sees a non-scalar lab_id as a spec violation (the check the gap below skips)', () => {
    const listMarkers = specOperations.find((operation) => operation.id === 'listMarkers');
    expect(listMarkers && paramsViolation(listMarkers, { lab_id: { a: 1 } })).toBe(
      'lab_id: not integer | string',
    );
  });

  it.fails('refuses an object as lab_id (spec: integer | string) before sending [union-typed params are unchecked]', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listMarkers({ lab_id: { a: 1 } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it.fails('wraps a BigInt in a multipart body in a typed error [raw TypeError from toFormData]', async () => {
    const { client } = setup();
    const error = await outcome(client.createParsingJob({ body: { file: { n: 1n } } } as never));
    expect(error).toBeInstanceOf(SvcError);
  });

  it.fails('refuses a BigInt in a JSON body with ValidationError [a plain SvcError today]', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.importOrder({ body: { n: 1n } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it.fails('refuses a lone surrogate in a path parameter with ValidationError [a plain SvcError from URIError today]', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.resolveUser({ client_user_id: '\ud800' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it.fails('refuses a null marker search with a typed error [raw TypeError from lab-testing]', async () => {
    const { client } = setup();
    const error = await outcome(
      (async () =>
        labTesting(client)
          .catalogue.searchMarkers(null as never)
          .toArray({ limit: 1 }))(),
    );
    expect(error).toBeInstanceOf(SvcError);
  });

  it.fails('honours a timeoutMs above 2^31-1 ms instead of timing out after 1 ms [setTimeout overflow]', async () => {
    // createClient accepts any finite timeoutMs >= 1, but setTimeout clamps values past 2^31-1 ms to 1 ms.
    const slow: FetchLike = async (_request, init) => {
      await new Promise((done) => setTimeout(done, 20));
      init?.signal?.throwIfAborted();
      return Response.json({});
    };
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      fetch: slow,
      maxRetries: 0,
      timeoutMs: 2 ** 31,
    });
    const warnings = process.listeners('warning');
    process.removeAllListeners('warning'); // keep the TimeoutOverflowWarning out of the test log
    try {
      expect(await outcome(client.listProviders())).toBeUndefined();
    } finally {
      for (const listener of warnings) process.on('warning', listener);
    }
  });

  it.fails('refuses a per-call timeoutMs that is not a positive number with ValidationError [unchecked today]', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { timeoutMs: Number.NaN }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it.fails('refuses a per-call maxRetries that createClient would refuse (Infinity) with ValidationError [unchecked today]', async () => {
    const { recorder, client } = setup();
    const error = await outcome(client.listProviders(undefined, { maxRetries: Number.POSITIVE_INFINITY }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(recorder.sent).toHaveLength(0);
  });

  it.fails('refuses a header value fetch cannot send with ValidationError [a plain SvcError today]', async () => {
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
