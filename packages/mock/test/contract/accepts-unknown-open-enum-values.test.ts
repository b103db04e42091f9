import { describe, expect, inject, it } from 'vitest';
import {
  describeSteps,
  openEnumPositions,
  UNKNOWN_VALUE,
  withValueAt,
} from '../fixtures/open-enum-positions.js';
import { type SampleOverrides, sampleRequest, sampleValue } from '../fixtures/sample-request.js';
import { type OperationEntry, specOperations } from '../fixtures/spec-operations.js';

interface Case {
  name: string;
  operation: OperationEntry;
  overrides: SampleOverrides;
}

/** Every request position (path, query, header parameter or JSON body) that holds a non-exhaustive enum. */
function requestCases(): Case[] {
  return specOperations().flatMap((operation) => {
    const label = `${operation.method} ${operation.path}`;
    const parameterCases = operation.parameters.flatMap((parameter) =>
      openEnumPositions(parameter.schema)
        // A parameter carries one scalar here; an open enum nested in an array parameter would be `[0]`.
        .filter((position) => position.steps.length === 0)
        .map(
          (): Case => ({
            name: `${label} ${parameter.in} parameter ${parameter.name}`,
            operation,
            overrides: { parameters: { [parameter.name]: UNKNOWN_VALUE } },
          }),
        ),
    );
    const media = operation.requestBody?.content['application/json'];
    const example = media?.examples ? Object.values(media.examples)[0]?.value : media?.example;
    const base = media ? sampleValue(media.schema, example) : undefined;
    const bodyCases = openEnumPositions(media?.schema).map(
      (position): Case => ({
        name: `${label} body${describeSteps(position.steps)}`,
        operation,
        overrides: { body: withValueAt(base, position.steps, UNKNOWN_VALUE) },
      }),
    );
    return [...parameterCases, ...bodyCases];
  });
}

const cases = requestCases();

describe('issue 16: the mock accepts values the service may add to a non-exhaustive enum', () => {
  it('finds the open enums of requests in the spec (path, query and body)', () => {
    expect(cases.map((entry) => entry.name)).toContain(
      'POST /v2/link/provider/password/{provider}/complete_mfa path parameter provider',
    );
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))(
    '%s: an unknown value is answered with 2xx, not 422',
    async (_name, { operation, overrides }) => {
      const { url, init } = sampleRequest(operation, inject('mockUrl'), overrides);
      const response = await fetch(url, init);
      const violations = response.headers.get('sl-violations') ?? '';
      await response.body?.cancel();
      expect(response.status, violations).toBeGreaterThanOrEqual(200);
      expect(response.status, violations).toBeLessThan(300);
    },
  );
});
