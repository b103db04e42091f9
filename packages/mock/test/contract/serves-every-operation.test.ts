import { describe, expect, inject, it } from 'vitest';
import { sampleRequest } from '../fixtures/sample-request.js';
import { namedOperations, servedExample, specOperations } from '../fixtures/spec-operations.js';

const operations = specOperations();

describe('the mock serves every operation of the spec', () => {
  it('finds the operations of the interface document in the bundled spec', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
  });

  it.each(namedOperations(operations))(
    '%s answers a valid request with its example',
    async (_name, operation) => {
      const { url, init } = sampleRequest(operation, inject('mockUrl'));
      const response = await fetch(url, init);
      const expected = servedExample(operation);
      const body = await response.text();
      expect(response.status, body).toBe(expected?.status);
      if (expected?.value !== undefined) expect(JSON.parse(body)).toEqual(expected.value);
    },
  );
});
