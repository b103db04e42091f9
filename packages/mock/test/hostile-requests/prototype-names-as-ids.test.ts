import { describe, expect, inject, it } from 'vitest';
import { sampleRequest } from '../fixtures/sample-request.js';
import { namedOperations, servedExample, specOperations } from '../fixtures/spec-operations.js';

/** Names every object inherits a member under: none of them may ever be taken for an id. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** Every operation of the spec with an id in its path. */
const ID_ROUTES = specOperations().filter((operation) => operation.path.includes('{'));

describe('issue 33: a prototype name is never an id', () => {
  it.each(namedOperations(ID_ROUTES))(
    '%s answers a prototype name as any id: its example, or 422 where the format refuses it',
    async (_name, operation) => {
      for (const name of PROTOTYPE_NAMES) {
        const parameters = Object.fromEntries(
          operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, name]),
        );
        const { url, init } = sampleRequest(operation, inject('mockUrl'), { parameters });
        const response = await fetch(url, init);
        const body = await response.text();
        const seen = `${name}: ${response.status} ${body}`;
        expect([servedExample(operation)?.status, 422], seen).toContain(response.status);
      }
    },
  );

  it('finds the id routes of the spec', () => {
    expect(ID_ROUTES.length).toBeGreaterThanOrEqual(19);
  });
});
