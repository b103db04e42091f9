import { describe, expect, it } from 'vitest';
import { type OperationId, operationRules } from '../../src/index.js';

describe('operationRules', () => {
  it("gives the upload's file rules as the spec states them", () => {
    expect(operationRules('createParsingJob').body?.props?.file?.file).toEqual({
      mediaTypes: ['application/pdf', 'image/jpeg', 'image/png'],
      maxBytes: 10_000_000,
    });
  });

  it('gives idempotency from x-svc-idempotent', () => {
    expect(operationRules('createOrder').idempotent).toBe(true);
    expect(operationRules('getParsingJob').idempotent).toBeUndefined();
  });

  it('refuses a name that is not an operation', () => {
    expect(() => operationRules('nope' as OperationId)).toThrow(TypeError);
  });
});
