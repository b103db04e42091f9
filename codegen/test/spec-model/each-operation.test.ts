import { eachOperation, HTTP_METHODS, loadSpec, type OpenApiDocument } from '@svc/spec';
import { describe, expect, it } from 'vitest';

const spec: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      summary: 'not an operation',
      parameters: [{ $ref: '#/components/parameters/id' }, { name: 'q', in: 'query', description: 'shared' }],
      get: { operationId: 'getThing', parameters: [{ name: 'q', in: 'query', description: 'own' }] },
      trace: { operationId: 'traceThing' },
      head: { $ref: '#/components/pathItems/headThing/head' },
    },
  },
  webhooks: { 'thing.created': { post: { summary: 'A thing was created.' } } },
  components: {
    parameters: { id: { name: 'id', in: 'path', required: true } },
    pathItems: { headThing: { head: { operationId: 'headThing' } } },
  },
};

const visits = (options?: { webhooks?: boolean }) =>
  [...eachOperation(spec, options)].map(({ kind, method, name, operation, parameters }) => ({
    kind,
    method,
    name,
    id: operation.operationId ?? operation.summary,
    parameters: parameters.map((parameter) =>
      `${parameter.in} ${parameter.name} ${parameter.description ?? ''}`.trim(),
    ),
  }));

describe('eachOperation', () => {
  it('visits every method of every path in the order OpenAPI lists the methods, resolving references', () => {
    expect(visits()).toEqual([
      {
        kind: 'operation',
        method: 'get',
        name: '/things/{id}',
        id: 'getThing',
        parameters: ['path id', 'query q own'],
      },
      {
        kind: 'operation',
        method: 'head',
        name: '/things/{id}',
        id: 'headThing',
        parameters: ['path id', 'query q shared'],
      },
      {
        kind: 'operation',
        method: 'trace',
        name: '/things/{id}',
        id: 'traceThing',
        parameters: ['path id', 'query q shared'],
      },
    ]);
  });

  it('visits webhooks after the paths when asked', () => {
    expect(visits({ webhooks: true }).at(-1)).toEqual({
      kind: 'webhook',
      method: 'post',
      name: 'thing.created',
      id: 'A thing was created.',
      parameters: [],
    });
  });

  it('walks the bundled spec: every operation has an operationId and a known method', () => {
    const operations = [...eachOperation(loadSpec())];
    expect(operations.length).toBeGreaterThan(0);
    for (const { method, operation } of operations) {
      expect(HTTP_METHODS).toContain(method);
      expect(operation.operationId).toEqual(expect.any(String));
    }
  });
});

describe('loadSpec', () => {
  it('names the command that writes a missing bundle', () => {
    expect(() => loadSpec('/nonexistent/openapi.json')).toThrow('run `pnpm bundle` first');
  });
});
