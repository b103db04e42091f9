// Whatever the service answers, a named method resolves with data (a 2xx with JSON) or rejects with the
// typed error of the hierarchy; the typed path client resolves { data | error, response } or throws a
// SvcError. Random statuses, headers and bodies, for every operation of the spec.
import {
  ApiError,
  createClient,
  errorFromResponse,
  InternalServerError,
  RateLimitError,
  ResponseParseError,
  SvcError,
} from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { specOperations } from '../spec.js';
import { validParams } from './params-arbitrary.js';
import { API_KEY, BASE_URL } from './recording-fetch.js';

const NULL_BODY = new Set([204, 205, 304]);

interface Answer {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  body: string | Uint8Array;
}

const answerArb: fc.Arbitrary<Answer> = fc.record({
  status: fc.oneof(
    fc.integer({ min: 200, max: 599 }),
    fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 422, 429, 500, 503),
  ),
  contentType: fc.option(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'text/html',
      'application/problem+json',
      '',
    ),
    { nil: undefined },
  ),
  retryAfter: fc.option(
    fc.oneof(fc.constantFrom('0', '1.5', '-1', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT'), fc.string()),
    {
      nil: undefined,
    },
  ),
  body: fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
    fc.constantFrom('', '{', 'null', '[]', '{"detail":"x"}', '<html>bad gateway</html>', '\uFEFF{}'),
    fc.uint8Array({ maxLength: 64 }),
  ),
});

function toResponse(answer: Answer): Response {
  const headers = new Headers();
  if (answer.contentType !== undefined) headers.set('content-type', answer.contentType);
  // A header value fetch could never receive is left out: the fuzz is about bodies and statuses.
  if (answer.retryAfter !== undefined && /^[\t\x20-\x7e]*$/.test(answer.retryAfter))
    headers.set('retry-after', answer.retryAfter);
  const body = NULL_BODY.has(answer.status)
    ? null
    : typeof answer.body === 'string'
      ? answer.body
      : new Uint8Array(answer.body);
  return new Response(body, { status: answer.status, headers });
}

const outcome = async (promise: Promise<unknown>) => {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
};

/** A client that answers every request with `next.answer`, which each property run sets. */
function answeringClient() {
  const next: { answer?: Answer } = {};
  const client = createClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    maxRetries: 0,
    fetch: async () => toResponse(next.answer as Answer),
  });
  return { client, next };
}

describe('response parsing', () => {
  it.each(specOperations.map((operation) => [operation.id]))(
    '%s resolves with data on a 2xx JSON answer and rejects with a typed error otherwise',
    async (id) => {
      const { client, next } = answeringClient();
      const operation = specOperations.find((candidate) => candidate.id === id);
      if (!operation) throw new Error(id);
      const call = (client as unknown as Record<string, (params?: unknown) => Promise<unknown>>)[id] as (
        params?: unknown,
      ) => Promise<unknown>;
      // One valid params object: validation is not under test here, the answers are.
      const [params] = fc.sample(validParams(operation), { numRuns: 1, seed: SEED });
      await fc.assert(
        fc.asyncProperty(answerArb, async (generated) => {
          next.answer = generated;
          const result = await outcome(call(params));
          const ok = generated.status >= 200 && generated.status < 300;
          if ('value' in result) {
            expect(ok).toBe(true);
            return;
          }
          const { error } = result;
          expect(error).toBeInstanceOf(SvcError);
          if (error instanceof ApiError) {
            expect(error.status).toBe(generated.status);
            expect(ok).toBe(false);
          } else {
            // A success whose body is not JSON is the one other outcome.
            expect(error).toBeInstanceOf(ResponseParseError);
            expect(ok).toBe(true);
          }
        }),
        { numRuns: FUZZ_RUNS, seed: SEED },
      );
    },
  );

  it("resolves the typed path client's { data, error, response } or throws a SvcError, whatever the answer", async () => {
    const { client, next } = answeringClient();
    await fc.assert(
      fc.asyncProperty(answerArb, async (generated) => {
        next.answer = generated;
        const result = await outcome(client.GET('/v2/providers', {}));
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(SvcError);
          return;
        }
        const { response } = result.value as { response: Response };
        expect(response.status).toBe(generated.status);
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('maps every status to one ApiError class, keeping status, body and a Retry-After it can read', () => {
    fc.assert(
      fc.property(answerArb, fc.jsonValue(), (generated, body) => {
        const error = errorFromResponse(toResponse({ ...generated, body: '' }), body, 'GET /fuzz');
        expect(error).toBeInstanceOf(ApiError);
        expect(error.status).toBe(generated.status);
        if (generated.status >= 500) expect(error).toBeInstanceOf(InternalServerError);
        if (error instanceof RateLimitError && error.retryAfterMs !== undefined) {
          expect(Number.isNaN(error.retryAfterMs)).toBe(false);
          expect(error.retryAfterMs).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });
});
