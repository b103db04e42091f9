import type { OpenApiDocument, ParameterObject, SchemaObject } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { readTypesSpec, sandboxValuesOf, typeOverrideOf } from '../../src/types/types-spec.js';

const apiKey: ParameterObject = {
  name: 'x-svc-api-key',
  in: 'header',
  required: true,
  description: 'Your team key.',
};
const linkToken: ParameterObject = { name: 'x-svc-link-token', in: 'header', required: true };
const spec: OpenApiDocument = {
  openapi: '3.1.0',
  components: { parameters: { apiKey, linkToken, user: { name: 'x-svc-api-key', in: 'query' } } },
};

describe('readTypesSpec', () => {
  it('makes the API key header optional, says why, and leaves every other parameter and the input as they were', () => {
    const before = structuredClone(spec);
    expect(readTypesSpec(spec)).toEqual({
      openapi: '3.1.0',
      components: {
        parameters: {
          apiKey: {
            ...apiKey,
            required: false,
            description:
              "Your team key.\n\nRequired by the service; the client's auth layer sends it, so it is optional in these types.",
          },
          linkToken,
          user: { name: 'x-svc-api-key', in: 'query' },
        },
      },
    });
    expect(spec).toEqual(before);
  });

  it('reads a spec without parameters as it is', () => {
    expect(readTypesSpec({ openapi: '3.1.0', paths: {} })).toEqual({ openapi: '3.1.0', paths: {} });
  });
});

const openEnum = (type: SchemaObject['type']): SchemaObject => ({
  type,
  'x-svc-non-exhaustive': true,
  anyOf: [{ type: 'string', enum: ['pending', 'done'] }, { type: 'string' }],
});

describe('typeOverrideOf', () => {
  it.each([
    [
      'a non-exhaustive enum',
      openEnum('string'),
      { kind: 'open-enum', known: ['pending', 'done'], nullable: false },
    ],
    [
      'a nullable non-exhaustive enum',
      openEnum(['string', 'null']),
      { kind: 'open-enum', known: ['pending', 'done'], nullable: true },
    ],
    ['a file', { type: 'string', format: 'binary' }, { kind: 'file', nullable: false }],
    ['a nullable file', { type: ['string', 'null'], format: 'binary' }, { kind: 'file', nullable: true }],
    ['a closed enum', { type: 'string', enum: ['a', 'b'] }, undefined],
    ['a plain string', { type: 'string', format: 'uuid' }, undefined],
    ['a boolean schema', true, undefined],
  ])('reads %s', (_, schema, want) => {
    expect(typeOverrideOf(schema)).toEqual(want);
  });

  it('refuses a marked enum in any other form than the one the spec documents', () => {
    expect(() => typeOverrideOf({ type: 'string', 'x-svc-non-exhaustive': true, enum: ['a'] })).toThrow(
      'x-svc-non-exhaustive: put the known values in the first `anyOf` member',
    );
  });
});

const withSandboxValues = (schema: SchemaObject, values: unknown): OpenApiDocument => ({
  openapi: '3.1.0',
  components: {
    schemas: { Status: { ...schema, 'x-svc-sandbox-values': values }, Other: openEnum('string') },
  },
});

describe('sandboxValuesOf', () => {
  it('reads the sandbox values of each open enum that lists them, by schema name', () => {
    expect(sandboxValuesOf(withSandboxValues(openEnum('string'), ['queued', 'running']))).toEqual({
      Status: ['queued', 'running'],
    });
  });

  it('reads a spec without schemas as none', () => {
    expect(sandboxValuesOf({ openapi: '3.1.0', paths: {} })).toEqual({});
  });

  it.each([
    ['on a closed enum', { type: 'string', enum: ['a'] }, ['b'], /only a non-exhaustive enum/],
    ['repeating a known value', openEnum('string'), ['pending', 'queued'], /repeats known values: pending/],
    ['as an empty list', openEnum('string'), [], /non-empty list of strings/],
    ['with a non-string', openEnum('string'), [1], /non-empty list of strings/],
  ])('refuses sandbox values %s', (_, schema, values, message) => {
    expect(() => sandboxValuesOf(withSandboxValues(schema, values))).toThrow(message);
  });
});
