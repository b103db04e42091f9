// Prism in dynamic mode answers every request with new random data valid against the spec: the client
// must take every one of them, and the helpers must read them, without an error.
import { createClient, type OperationId, type PaginateOptions, PaginationError } from '@svc/client';
import { describe, expect, inject, it } from 'vitest';
import { CONTRACT_CALLS } from '../counts.js';
import { specOperations } from '../spec.js';
import { contractCases } from './cases.js';

const client = createClient({
  apiKey: 'sk-contract-fuzz-0123',
  baseUrl: inject('dynamicMockUrl'),
  maxRetries: 0,
});
const CONCURRENCY = 8;

type Walk = AsyncIterable<unknown> & { pages(): AsyncIterable<unknown> };

async function inTurns(count: number, task: () => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next++ < count) await task();
    }),
  );
}

describe(`random valid answers from Prism (${CONTRACT_CALLS} per operation)`, () => {
  it('has a case for every operation of the spec', () => {
    expect(Object.keys(contractCases).sort()).toEqual(specOperations.map((operation) => operation.id).sort());
  });

  it.each(specOperations.map((operation) => [operation.id as OperationId]))(
    '%s takes every random valid answer, and the helpers read it',
    async (id) => {
      const { call, read } = contractCases[id];
      await inTurns(CONTRACT_CALLS, async () => {
        const { data, response } = await call(client)
          .withResponse()
          .catch(async (error: unknown) => {
            // Name Prism's own last words next to the client's error: a crash of the mock is not the client's.
            const log = await (await fetch(inject('dynamicMockLogUrl'))).text();
            throw new Error(`${String(error)}\n--- tail of Prism's output ---\n${log}`, { cause: error });
          });
        expect(response.ok).toBe(true);
        // Prism names anything it found wrong with the request in this header.
        expect(response.headers.get('sl-violations')).toBeNull();
        read?.(data as never);
      });
    },
  );

  it.each([['getStepsGrouped'], ['listMarkers'], ['listLabTestMarkers']] as const)(
    'client.%s reads random pages into pages and items',
    async (id) => {
      const params = {
        getStepsGrouped: { user_id: '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b', start_date: '2026-11-01' },
        listMarkers: { lab_slug: 'labcorp', size: 50 },
        listLabTestMarkers: { lab_test_id: '0b9efd15-4633-496a-9b17-842b96246038', size: 50 },
      }[id];
      // Two pages at most: random cursors and totals would otherwise send a walk far afield.
      const walk = () =>
        (client as unknown as Record<string, (params: unknown, options: PaginateOptions) => Walk>)[id]?.(
          params,
          { maxPages: 2 },
        ) as Walk;
      await inTurns(CONTRACT_CALLS, async () => {
        for await (const page of walk().pages()) {
          expect(page).toBeTypeOf('object');
          break;
        }
        try {
          let items = 0;
          for await (const item of walk()) {
            expect(item).toBeTypeOf('object');
            if (++items === 5) break;
          }
        } catch (error) {
          // Random pagination fields need not add up (a cursor repeats, page numbers go back, no end
          // within two pages): the walk's guards stop it with their own typed errors.
          expect(error).toBeInstanceOf(PaginationError);
        }
      });
    },
  );
});
