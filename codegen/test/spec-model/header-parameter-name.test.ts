import { headerParameterName, loadSpec, type OpenApiDocument } from '@svc/spec';
import { describe, expect, it } from 'vitest';

const spec: OpenApiDocument = {
  components: {
    parameters: {
      apiKey: { $ref: '#/components/parameters/teamKey' },
      teamKey: { name: 'x-team-key', in: 'header', required: true },
      userId: { name: 'user_id', in: 'path', required: true },
    },
  },
};

describe('headerParameterName', () => {
  it('reads the header a shared parameter names, its reference followed', () => {
    expect(headerParameterName(spec, 'apiKey')).toBe('x-team-key');
  });

  it('refuses a parameter that is not a header, or is missing, naming it', () => {
    expect(() => headerParameterName(spec, 'userId')).toThrow('components.parameters.userId');
    expect(() => headerParameterName(spec, 'nothing')).toThrow('components.parameters.nothing');
  });

  it('reads the bundled spec: the API key and idempotency key headers', () => {
    const bundled = loadSpec();
    expect(headerParameterName(bundled, 'apiKey')).toBe('x-svc-api-key');
    expect(headerParameterName(bundled, 'idempotencyKey')).toBe('Idempotency-Key');
  });
});
