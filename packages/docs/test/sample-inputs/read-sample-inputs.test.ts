import type { OpenApiDocument, ParameterObject } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { readSampleInputs } from '../../src/sample-inputs.js';

const reportExample = { value: { notes: 'Fasting sample', file: 'placeholder' } };

const spec: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Reports', version: '1' },
  paths: {
    '/v2/user/{user_id}/report': {
      parameters: [
        { name: 'user_id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'x-svc-api-key', in: 'header', required: true, schema: { type: 'string' } },
      ],
      post: {
        operationId: 'uploadReport',
        'x-svc-idempotent': true,
        parameters: [
          { name: 'lang', in: 'query', schema: { type: 'string' } },
          { name: 'x-svc-link-token', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { notes: { type: 'string' }, file: { type: 'string', format: 'binary' } },
              },
              examples: { report: { $ref: '#/components/examples/report' } },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: {
              'application/json': { examples: { made: { value: { user_id: 'u-42', status: 'queued' } } } },
            },
          },
        },
      },
      delete: {
        operationId: 'deleteReport',
        parameters: [
          { name: 'user_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
        responses: { '204': { description: 'Deleted' } },
      },
      get: { summary: 'No operationId: no sample' },
    },
  },
  components: {
    examples: { report: reportExample },
    // The headers the client sends itself, as the spec names them: never a parameter of a sample.
    parameters: {
      apiKey: { name: 'x-svc-api-key', in: 'header', required: true },
      idempotencyKey: { name: 'Idempotency-Key', in: 'header' },
    },
  },
};

describe('readSampleInputs', () => {
  const [upload, remove, ...rest] = readSampleInputs(spec);

  it('reads every operation with an operationId, in document order', () => {
    expect([upload, remove].map((read) => read?.operation.operationId)).toEqual([
      'uploadReport',
      'deleteReport',
    ]);
    expect(rest).toEqual([]);
  });

  it('reads the required parameters the caller passes and the body, with the example values the spec gives', () => {
    expect(upload?.operation).toMatchObject({
      operationId: 'uploadReport',
      method: 'post',
      path: '/v2/user/{user_id}/report',
      returnsData: true,
    });
    expect(upload?.inputs).toEqual({
      params: [
        // No example of its own: the value the operation's response example gives the same field.
        { name: 'user_id', in: 'path', value: 'u-42' },
        { name: 'x-svc-link-token', in: 'header', value: 'your-x-svc-link-token' },
      ],
      body: {
        contentType: 'multipart/form-data',
        value: { notes: 'Fasting sample', file: 'report.pdf' },
        files: ['file'],
      },
    });
    // The spec's own example keeps its value.
    expect(reportExample.value.file).toBe('placeholder');
  });

  it("takes the operation's own parameter over the path-level one, and knows a call that returns nothing", () => {
    expect(remove?.operation).toMatchObject({ operationId: 'deleteReport', returnsData: false });
    expect(remove?.inputs).toEqual({
      params: [{ name: 'user_id', in: 'path', value: '5b0b9c36-3c1e-4b8e-9a57-2f1f3c1d8e42' }],
    });
  });

  it('leaves out the headers the client sends, by the names the spec gives them', () => {
    const renamed = structuredClone(spec);
    (renamed.components?.parameters as Record<string, ParameterObject>).apiKey = {
      name: 'x-team-key',
      in: 'header',
      required: true,
    };
    renamed.paths?.['/v2/user/{user_id}/report']?.parameters?.push({
      name: 'X-Team-Key',
      in: 'header',
      required: true,
      schema: { type: 'string' },
    });
    const names = readSampleInputs(renamed)[1]?.inputs.params.map((param) => param.name);
    expect(names).toEqual(['x-svc-api-key', 'user_id']);
  });
});
