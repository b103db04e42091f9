import { describe, expect, it } from 'vitest';
import { readClientOperations } from '../../src/client/client-operations.js';

const uuidParameter = {
  name: 'order_id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

const spec = {
  openapi: '3.1.0',
  paths: {
    '/v3/order/{order_id}': {
      parameters: [{ $ref: '#/components/parameters/orderId' }],
      get: {
        operationId: 'getOrder',
        summary: 'Get an order',
        parameters: [
          { $ref: '#/components/parameters/apiKey' },
          { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
      },
      post: {
        operationId: 'bookOrder',
        'x-svc-idempotent': true,
        parameters: [{ $ref: '#/components/parameters/idempotencyKey' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['notes'],
                properties: { notes: { type: ['string', 'null'], maxLength: 1000 } },
              },
            },
          },
        },
      },
    },
    '/upload': {
      post: {
        operationId: 'upload',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    'x-svc-file': { mediaTypes: ['Application/PDF'], maxBytes: 5 },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      orderId: uuidParameter,
      // The headers the client sets itself, named once as the spec's shared parameters.
      apiKey: { name: 'x-svc-api-key', in: 'header', required: true, schema: { type: 'string' } },
      idempotencyKey: { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
    },
  },
};

describe('readClientOperations', () => {
  it('reads method, path, idempotency, parameters and body rules, leaving out the headers the client sets', () => {
    const { operations, problems } = readClientOperations(spec);
    expect(problems).toEqual([]);
    expect(operations).toEqual([
      {
        id: 'getOrder',
        method: 'GET',
        path: '/v3/order/{order_id}',
        params: {
          path: { props: { order_id: { type: 'string', uuid: true } }, required: ['order_id'] },
          query: { props: { size: { type: 'integer', min: 1, max: 100 } } },
        },
      },
      {
        id: 'bookOrder',
        method: 'POST',
        path: '/v3/order/{order_id}',
        idempotent: true,
        params: { path: { props: { order_id: { type: 'string', uuid: true } }, required: ['order_id'] } },
        body: {
          type: 'object',
          props: { notes: { nullable: true, type: 'string', max: 1000 } },
          required: ['notes'],
        },
        bodyRequired: true,
      },
      {
        id: 'upload',
        method: 'POST',
        path: '/upload',
        multipart: true,
        body: { type: 'object', props: { file: { file: { mediaTypes: ['application/pdf'], maxBytes: 5 } } } },
      },
    ]);
  });

  it('gives the docs of the named methods, with whether params are required', () => {
    const { docs } = readClientOperations(spec);
    expect(docs.map(({ id, summary, paramsRequired }) => ({ id, summary, paramsRequired }))).toEqual([
      { id: 'getOrder', summary: 'Get an order', paramsRequired: true },
      { id: 'bookOrder', summary: undefined, paramsRequired: true },
      { id: 'upload', summary: undefined, paramsRequired: false },
    ]);
  });

  it('gives a paginated operation its x-svc-pagination rule, in the row and in the docs', () => {
    const rule = { style: 'cursor', cursorParam: 'after', nextField: 'next', items: 'items' };
    const { operations, docs, problems } = readClientOperations({
      openapi: '3.1.0',
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            'x-svc-pagination': rule,
            parameters: [{ name: 'after', in: 'query', schema: { type: 'string' } }],
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { items: { type: 'array' }, next: { type: ['string', 'null'] } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(problems).toEqual([]);
    const want = { ...rule, itemsShape: 'list' };
    expect(operations.map((operation) => operation.pagination)).toEqual([want]);
    expect(docs.map((doc) => doc.pagination)).toEqual([want]);
    // An operation without the extension gets no rule.
    expect(readClientOperations(spec).operations.map((operation) => operation.pagination)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads x-svc-window-days into the row, and names a window that is not a positive integer', () => {
    const { operations, problems } = readClientOperations({
      paths: {
        '/slots': { get: { operationId: 'listSlots', 'x-svc-window-days': 14 } },
        '/bad': { get: { operationId: 'listBad', 'x-svc-window-days': '14' } },
      },
    });
    expect(operations.map((operation) => operation.windowDays)).toEqual([14, undefined]);
    expect(problems).toEqual(['GET /bad: x-svc-window-days must be a positive integer']);
  });

  it('names every operation the client cannot take', () => {
    const { problems } = readClientOperations({
      paths: {
        '/a': { get: { operationId: 'use' }, trace: { operationId: 'traceIt' } },
        '/b/{id}': {
          post: { operationId: 'Bad-Name' },
          put: {
            operationId: 'putB',
            parameters: [{ name: 'session', in: 'cookie', schema: { type: 'string' } }],
          },
        },
      },
    });
    expect(problems).toEqual([
      'GET /a: operationId "use" is reserved or used twice',
      'TRACE /a: the client does not send TRACE requests',
      'PUT /b/{id}: cookie parameter "session" is not supported by the client',
      'POST /b/{id}: operationId must be camelCase, got "Bad-Name"',
    ]);
  });
});
