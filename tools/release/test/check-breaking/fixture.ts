// A small OpenAPI 3.1 document with each shape the gate classifies: a query parameter, a request body,
// a response with a closed enum and both written forms of a non-exhaustive enum, and a webhook.
// biome-ignore lint/suspicious/noExplicitAny: the tests edit deep inside untyped JSON documents, as a spec author would.
export type Spec = Record<string, any>;

export function smallSpec(): Spec {
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'colour', in: 'query', required: false, schema: { type: 'string' } }],
          responses: {
            '2XX': {
              description: 'The things.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
        post: {
          operationId: 'createThing',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' }, size: { type: 'number' } },
                  required: ['name'],
                },
              },
            },
          },
          responses: { '201': { description: 'Created.' } },
        },
      },
    },
    webhooks: {
      'thing.created': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            kind: { type: 'string', enum: ['small', 'large'] },
            state: { $ref: '#/components/schemas/State' },
            stage: { $ref: '#/components/schemas/Stage' },
          },
          required: ['name'],
        },
        // Non-exhaustive, written as an enum beside the flag.
        State: { type: 'string', enum: ['new', 'done'], 'x-svc-non-exhaustive': true },
        // Non-exhaustive, written as the known values beside an open string.
        Stage: {
          'x-svc-non-exhaustive': true,
          anyOf: [
            { title: 'Known values', type: 'string', enum: ['draft', 'final'] },
            { title: 'Other values', type: 'string' },
          ],
        },
      },
    },
  };
}

/** The small spec changed by `edit` (on a copy). */
export function changed(edit: (spec: Spec) => void): Spec {
  const spec = smallSpec();
  edit(spec);
  return spec;
}
