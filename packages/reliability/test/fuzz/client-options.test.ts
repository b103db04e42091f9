// createClient and per-call options on any input: a client, or ValidationError naming the option and
// never echoing the API key; per-call options give data or a typed error, never anything else.
import { createClient, SvcError, ValidationError } from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { BASE_URL, recordingFetch } from './recording-fetch.js';
import { anyValue } from './schema-arbitrary.js';

describe('client options', () => {
  it('creates a client from any options or refuses them with a ValidationError that never quotes the key', () => {
    const key = fc.oneof(
      fc.string({ minLength: 12 }).map((text) => `sk_${text}`),
      anyValue,
    );
    const options = fc.record(
      {
        apiKey: fc.oneof(
          key,
          fc.constant(() => 'sk-from-function'),
        ),
        baseUrl: fc.oneof(
          fc.webUrl(),
          fc.constantFrom('http://127.0.0.1:1', 'ftp://x', 'not a url', ''),
          anyValue,
        ),
        region: fc.oneof(fc.constantFrom('eu', 'us', 'mars'), anyValue),
        environment: fc.oneof(fc.constantFrom('production', 'sandbox', 'staging'), anyValue),
        timeoutMs: fc.oneof(fc.integer({ min: 1, max: 120_000 }), anyValue),
        maxRetries: fc.oneof(fc.integer({ min: 0, max: 5 }), anyValue),
        maxResponseBytes: fc.oneof(fc.integer({ min: 1, max: 2 ** 29 }), anyValue),
        headers: fc.oneof(fc.dictionary(fc.string(), fc.string()), anyValue),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(options, (given) => {
        try {
          const client = createClient(given as never);
          expect(typeof client.resolveUser).toBe('function');
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          if (typeof given.apiKey === 'string' && given.apiKey.length >= 12) {
            expect((error as Error).message).not.toContain(given.apiKey);
          }
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('answers a call with any per-call options with data or a typed error', async () => {
    const recorder = recordingFetch();
    const client = createClient({ apiKey: 'sk-fuzz-options-0123', baseUrl: BASE_URL, fetch: recorder.fetch });
    const aborted = new AbortController();
    aborted.abort();
    const callOptions = fc.record(
      {
        timeoutMs: fc.oneof(fc.integer({ min: 50, max: 60_000 }), anyValue),
        maxRetries: fc.oneof(fc.integer({ min: 0, max: 3 }), anyValue),
        maxResponseBytes: fc.oneof(fc.integer({ min: 1, max: 2 ** 29 }), anyValue),
        idempotencyKey: fc.oneof(fc.uuid(), anyValue),
        headers: fc.oneof(fc.dictionary(fc.string(), fc.string()), anyValue),
        signal: fc.oneof(
          fc.constant(undefined),
          fc.constant(aborted.signal),
          fc.constant(new AbortController().signal),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(callOptions, anyValue), async (given) => {
        try {
          await client.createOrder({ body: {} }, given as never);
        } catch (error) {
          expect(error).toBeInstanceOf(SvcError);
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });
});
