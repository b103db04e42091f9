import { eachOperation } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { operationHandlers } from '../../src/handlers/operation-handlers.js';
import { bundledSpec, call, strictSandbox } from '../fixtures/sandbox.js';

const spec = bundledSpec();
const operationIds = [...eachOperation(spec)].map(({ operation }) => operation.operationId as string);

describe('strict mode', () => {
  it('turns an answer that breaks the response schema into a 500 naming the violation', async () => {
    const broken = structuredClone(spec);
    broken.components.schemas.UserRecord.required.push('not_a_field_the_sandbox_sends');
    const sandbox = strictSandbox({ spec: broken });
    const { status, body } = await call(sandbox, 'GET', '/v2/user/resolve/alice');
    expect(status).toBe(500);
    expect(body.error.code).toBe('sandbox_response_invalid');
    expect(body.error.violations[0].location).toContain('not_a_field_the_sandbox_sends');
  });

  it('keeps state only for operations of the spec, and answers every other one from its examples', () => {
    for (const id of Object.keys(operationHandlers)) expect(operationIds).toContain(id);
    const stateless = operationIds.filter((id) => !(id in operationHandlers));
    expect(stateless).toEqual(['listProviders']);
  });
});
