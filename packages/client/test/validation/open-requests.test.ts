import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import { ValidationError } from '../../src/index.js';
import { fakeFetch, json, testClient, USER_ID } from '../fixtures/fake-fetch.js';

const ORDER_ID = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';

function sentUrl(call: (client: ReturnType<typeof testClient>) => Promise<unknown>) {
  const fake = fakeFetch(() => json({}));
  return call(testClient(fake.fetch)).then(() => {
    expect(fake.sent).toHaveLength(1);
    return new URL(fake.sent[0]?.url ?? '');
  });
}

describe('issue 11: operations whose request shape is not published pass extra parameters through', () => {
  it('marks exactly the x-svc-open-request operations of the spec (summaries, orders, lab accounts, reports, appointments)', () => {
    const open = operations.filter((operation) => operation.openQuery).map((operation) => operation.id);
    expect(open).toEqual(expect.arrayContaining(['getSleepSummary', 'listLabAccounts', 'createOrder']));
    expect(open).not.toContain('getStepsGrouped');
    expect(open).not.toContain('listProviders');
  });

  it('sends an undeclared scalar parameter of a summary read as a query parameter', async () => {
    const url = await sentUrl((client) =>
      client.getSleepSummary({
        user_id: USER_ID,
        start_date: '2026-11-01',
        fields: 'score',
        limit: 5,
        full: true,
      }),
    );
    expect(url.searchParams.get('fields')).toBe('score');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('full')).toBe('true');
  });

  it('sends an undeclared parameter of an order read beside the declared ones', async () => {
    const url = await sentUrl((client) =>
      client.getPhlebotomyAppointmentAvailability({ order_id: ORDER_ID, zip_code: '62701' } as never),
    );
    expect(url.pathname).toBe(`/v3/order/${ORDER_ID}/phlebotomy/appointment/availability`);
    expect(url.searchParams.get('zip_code')).toBe('62701');
  });

  it('refuses an undeclared parameter that is not a scalar, before sending', async () => {
    const fake = fakeFetch(() => json({}));
    const client = testClient(fake.fetch);
    for (const value of [{ nested: 1 }, ['a'], null, Number.NaN]) {
      const error = await client
        .getSleepSummary({ user_id: USER_ID, extra: value })
        .catch((caught) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('extra');
    }
    expect(fake.sent).toHaveLength(0);
  });

  it('still refuses an undeclared parameter of an operation whose request shape is published', async () => {
    const fake = fakeFetch(() => json({}));
    const error = await testClient(fake.fetch)
      .getStepsGrouped({ user_id: USER_ID, start_date: '2026-11-01', fields: 'x' } as never)
      .catch((caught) => caught);
    expect((error as ValidationError).message).toBe('Invalid fields: is not a parameter of getStepsGrouped');
    expect(fake.sent).toHaveLength(0);
  });
});

describe('issue 11: summary reads do not require start_date', () => {
  it.each(
    operations
      .filter((operation) => operation.path.startsWith('/v2/summary/'))
      .map((operation) => operation.id),
  )('%s is sent without start_date', async (id) => {
    const url = await sentUrl(
      (client) =>
        (client as unknown as Record<string, (params: object) => Promise<unknown>>)[id]?.({
          user_id: USER_ID,
        }) ?? Promise.reject(new Error(`no method ${id}`)),
    );
    expect(url.searchParams.has('start_date')).toBe(false);
  });

  it('keeps start_date required on the timeseries read', async () => {
    const fake = fakeFetch(() => json({}));
    const error = await testClient(fake.fetch)
      .getStepsGrouped({ user_id: USER_ID } as never)
      .catch((caught) => caught);
    expect((error as ValidationError).field).toBe('start_date');
  });
});

describe('issue 11: lab_id accepts what the service may accept', () => {
  it('sends a number, a string or a list of them', async () => {
    for (const [lab_id, expected] of [
      [7, ['7']],
      ['lab-7', ['lab-7']],
      [
        [7, 'lab-8'],
        ['7', 'lab-8'],
      ],
    ] as const) {
      const url = await sentUrl((client) => client.listMarkers({ lab_id: lab_id as never }));
      expect(url.searchParams.getAll('lab_id')).toEqual(expected);
    }
  });

  it('still refuses an object, or a list holding one, before sending', async () => {
    const fake = fakeFetch(() => json({}));
    const client = testClient(fake.fetch);
    for (const [lab_id, field] of [
      [{ a: 1 }, 'lab_id'],
      [[7, { a: 1 }], 'lab_id[1]'],
    ] as const) {
      const error = await client.listMarkers({ lab_id: lab_id as never }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
    }
    expect(fake.sent).toHaveLength(0);
  });
});
