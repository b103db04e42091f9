import { describe, expect, inject, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import { createClient } from '../../src/index.js';
import { contractCases } from './cases.js';

const client = createClient({ apiKey: 'sk-test-contract', baseUrl: inject('mockUrl'), maxRetries: 0 });
const cases = contractCases as Record<string, (typeof contractCases)[keyof typeof contractCases]>;

/** Prism's validator lines: a request or response that breaks the spec. */
const VIOLATION = /Violation:|did not pass the validation rules/;

describe('every operation against the Prism mock', () => {
  it('has a contract case for every operation of the spec, and none for an operation it lacks', () => {
    expect(Object.keys(cases).sort()).toEqual(operations.map((operation) => operation.id).sort());
  });

  it.each(operations.map((operation) => [operation.id, `${operation.method} ${operation.path}`]))(
    '%s (%s) is accepted and answered with a success',
    async (id) => {
      const call = cases[id];
      if (!call) throw new Error(`no contract case for ${id}`);
      const { response } = await call(client).withResponse();
      expect(response.ok).toBe(true);
      // Prism lists what it found wrong with a request in this header.
      expect(response.headers.get('sl-violations')).toBeNull();
    },
  );

  it("accepts the typed path client's calls too", async () => {
    const user = await client.GET('/v2/user/resolve/{client_user_id}', {
      params: { path: { client_user_id: 'client-user-1' } },
    });
    expect(user.response.status).toBe(200);
    const appointment = await client.POST('/v3/order/{order_id}/phlebotomy/appointment/request', {
      params: { path: { order_id: '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43' } },
      body: { address: { first_line: '1 Main St' }, provider: 'a-provider-slug' },
    });
    expect(appointment.error).toBeUndefined();
    expect(appointment.data?.status).toBeDefined();
  });

  it('left no request or response violation in the Prism log', async () => {
    // Prism logs response violations just after answering; give the last one a moment.
    await new Promise((done) => setTimeout(done, 300));
    const log = await (await fetch(inject('mockLogUrl'))).text();
    const violations = log.split('\n').filter((line) => VIOLATION.test(line));
    expect(violations).toEqual([]);
    expect(log).toContain('Request received');
  });
});
