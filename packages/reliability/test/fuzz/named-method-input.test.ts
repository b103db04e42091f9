// Every named method, every operation of the spec: input that satisfies the spec is sent (once), and any
// other input is either sent or refused with ValidationError before anything reaches fetch.
import { createClient, SvcError } from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { type CallableOperation, specOperations } from '../spec.js';
import { bodyArb, validParams } from './params-arbitrary.js';
import { API_KEY, BASE_URL, recordingFetch } from './recording-fetch.js';
import { anyValue, mostlyValid } from './schema-arbitrary.js';
import { paramsViolation } from './spec-violations.js';

type Call = (params?: unknown, options?: unknown) => Promise<unknown>;

/** Anything: near-valid params with stray keys, or a value that is not an object at all. */
function anyParams(operation: CallableOperation): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters) fields[parameter.name] = mostlyValid(parameter.schema);
  if (operation.body) fields.body = fc.oneof(bodyArb(operation.body.schema, false), anyValue);
  const nearValid = fc.tuple(
    fc.record(fields, { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 2 }),
  );
  return fc.oneof(
    { arbitrary: nearValid.map(([params, extra]) => ({ ...extra, ...params })), weight: 4 },
    { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 4 },
    { arbitrary: anyValue, weight: 1 },
  );
}

describe.each(specOperations.map((operation) => [operation.id, operation] as const))(
  '%s',
  (id, operation) => {
    const recorder = recordingFetch();
    const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: recorder.fetch, maxRetries: 0 });
    const call = (client as unknown as Record<string, Call>)[id] as Call;

    it('sends input that satisfies the spec exactly once, never refusing it', async () => {
      await fc.assert(
        fc.asyncProperty(validParams(operation), async (params) => {
          recorder.reset();
          await call(params);
          expect(recorder.sent).toHaveLength(1);
        }),
        { numRuns: FUZZ_RUNS, seed: SEED },
      );
    });

    it('never sends input that breaks the spec: it refuses it with a typed error, sending nothing', async () => {
      await fc.assert(
        fc.asyncProperty(anyParams(operation), async (params) => {
          recorder.reset();
          try {
            await call(params);
          } catch (error) {
            expect(error).toBeInstanceOf(SvcError);
            expect(recorder.sent).toHaveLength(0);
            return;
          }
          expect(recorder.sent).toHaveLength(1);
          expect(paramsViolation(operation, params)).toBeUndefined();
        }),
        { numRuns: FUZZ_RUNS, seed: SEED },
      );
    });
  },
);
