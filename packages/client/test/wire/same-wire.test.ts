import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import type { ClientOptions, RequestOptions, SvcClient } from '../../src/index.js';
import type { Operation } from '../../src/operation.js';
import { contractCases } from '../contract/cases.js';
import {
  callOptions,
  capture,
  client,
  NAMED,
  ok,
  throughOpenapiFetch,
  useWireServer,
  wire,
} from './wire-server.js';

useWireServer();

/** The flat params each contract case passes to its named method, captured without sending. */
function exampleParams(id: string): Record<string, unknown> {
  let params: Record<string, unknown> = {};
  const recorder = new Proxy(
    {},
    {
      get: () => (given?: Record<string, unknown>) => {
        params = given ?? {};
        return Promise.resolve();
      },
    },
  );
  void (contractCases as Record<string, (svc: SvcClient) => unknown>)[id]?.(recorder as SvcClient);
  return params;
}

/** The same params split by location, for the typed path client. */
function pathInit(operation: Operation, flat: Record<string, unknown>) {
  const params: Record<'path' | 'query' | 'header', Record<string, unknown>> = {
    path: {},
    query: {},
    header: {},
  };
  for (const [name, value] of Object.entries(flat)) {
    if (name === 'body') continue;
    const where = (['path', 'query', 'header'] as const).find(
      (location) => operation.params?.[location]?.props[name] !== undefined,
    );
    if (!where) throw new Error(`${operation.id}: ${name} has no location`);
    params[where][name] = value;
  }
  return { params, body: flat.body, ...callOptions };
}

describe('named methods put the same bytes on the wire as openapi-fetch', () => {
  it.each(operations.map((operation) => [operation.id, operation]))(
    '%s: method, URL, headers and body match the openapi-fetch path and the typed path client',
    async (id, operation) => {
      wire.answer = ok;
      const flat = exampleParams(id);
      const call = (svc: SvcClient) => () =>
        (svc as unknown as Record<string, (p: unknown, o: RequestOptions) => Promise<unknown>>)[id]?.(
          flat,
          callOptions,
        ) as Promise<unknown>;
      const direct = await capture(call(client()), NAMED);
      const before = await capture(call(throughOpenapiFetch()), 'fetch');
      const typed = await capture(
        () =>
          (client() as unknown as Record<string, (path: string, init: unknown) => Promise<unknown>>)[
            operation.method
          ]?.(operation.path, pathInit(operation, flat)) as Promise<unknown>,
        'fetch',
      );
      // A custom fetch gets a Request on either path.
      const custom: ClientOptions['fetch'] = (request, init) => globalThis.fetch(request, init);
      const directCustom = await capture(call(client({ fetch: custom })), 'fetch');
      const beforeCustom = await capture(call(throughOpenapiFetch({ fetch: custom })), 'fetch');

      expect(direct.method).toBe(operation.method);
      expect(direct.headers).toContain('x-svc-api-key: sk-wire-0123456789');
      expect(direct.headers).toContain('idempotency-key: wire-key-0001');
      expect(direct).toEqual(before);
      expect(direct).toEqual(typed);
      expect(directCustom).toEqual(before);
      expect(beforeCustom).toEqual(before);
    },
  );

  it('serializes arrays, nulls, encoded path segments and a form-encoded body alike', async () => {
    wire.answer = ok;
    const flat = {
      provider: 'my provider/x?',
      'x-svc-link-token': 'lt_wire_123456',
      body: { mfa_code: 'a&b=c', extra: ['x', 'y'] },
    };
    const perCall: RequestOptions = {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-trace': undefined },
    };
    const direct = await capture(() => client().completePasswordProviderMfa(flat as never, perCall), NAMED);
    const before = await capture(
      () => throughOpenapiFetch().completePasswordProviderMfa(flat as never, perCall),
      'fetch',
    );
    expect(direct).toEqual(before);
    expect(direct.body).toBe('mfa_code=a%26b%3Dc&extra=x%2Cy');
    expect(direct.url).toBe('/v2/link/provider/password/my%20provider%2Fx%3F/complete_mfa');
  });
  it('sends a FormData body given to the typed path client as the named method sends the same file', async () => {
    wire.answer = ok;
    const file = () => new File(['%PDF-1.7\n%form\n'], 'report.pdf', { type: 'application/pdf' });
    const form = new FormData();
    form.append('file', file());
    const named = await capture(
      () => client().createParsingJob({ body: { file: file() } }, callOptions),
      NAMED,
    );
    const typed = await capture(
      () => client().POST('/lab_report/v1/parser/job', { body: form as never, ...callOptions }),
      'fetch',
    );
    expect(typed.body).toContain('%PDF-1.7');
    expect(typed).toEqual(named);
  });
});
