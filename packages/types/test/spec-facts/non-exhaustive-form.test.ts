import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadSpec, type SchemaObject } from '@svc/spec';
import { describe, expect, it } from 'vitest';

/** The lint plugin's own check (plain JavaScript, loaded by Redocly), imported as the lint runs it. */
const checker = '@svc/spec/non-exhaustive-form';
const { looksLikeUnmarkedOpenEnum, nonExhaustiveFormProblem } = (await import(checker)) as {
  looksLikeUnmarkedOpenEnum(schema: SchemaObject): boolean;
  nonExhaustiveFormProblem(schema: SchemaObject): string | undefined;
};

const spec = loadSpec();
const lintConfig = readFileSync(createRequire(import.meta.url).resolve('@svc/spec/redocly.yaml'), 'utf8');

const known = { title: 'Known values', type: 'string', enum: ['a', 'b'] };
const other = { title: 'Other values', type: 'string' };
const form = { type: 'string', 'x-svc-non-exhaustive': true, anyOf: [known, other] };

describe('issue 16: one form for every non-exhaustive enum, checked by the lint', () => {
  it('runs the form check as a lint error', () => {
    expect(lintConfig).toMatch(/^\s+svc\/non-exhaustive-enum-form: error$/m);
  });

  it('accepts the form, also nullable', () => {
    expect(nonExhaustiveFormProblem(form)).toBeUndefined();
    expect(nonExhaustiveFormProblem({ ...form, type: ['string', 'null'] })).toBeUndefined();
  });

  it.each([
    [
      'a top-level enum (closed for every validator)',
      { type: 'string', 'x-svc-non-exhaustive': true, enum: ['a'] },
    ],
    ['no anyOf', { type: 'string', 'x-svc-non-exhaustive': true }],
    ['a constrained second member', { ...form, anyOf: [known, { ...other, enum: ['c'] }] }],
    ['an empty known list', { ...form, anyOf: [{ ...known, enum: [] }, other] }],
    ['duplicate known values', { ...form, anyOf: [{ ...known, enum: ['a', 'a'] }, other] }],
    ['a non-string type', { ...form, type: 'integer' }],
    ['a marker that is not true', { ...form, 'x-svc-non-exhaustive': 'yes' }],
  ])('refuses %s', (_name, schema) => {
    expect(nonExhaustiveFormProblem(schema as SchemaObject)).toEqual(expect.any(String));
  });

  it('flags the open form without the marker the generators read', () => {
    const { 'x-svc-non-exhaustive': _marker, ...unmarked } = form;
    expect(looksLikeUnmarkedOpenEnum(unmarked)).toBe(true);
    expect(looksLikeUnmarkedOpenEnum(form)).toBe(false);
    expect(looksLikeUnmarkedOpenEnum({ type: 'string', enum: ['closed'] })).toBe(false);
  });

  it('finds every marked schema of the bundled spec in the form', () => {
    const marked = Object.entries(spec.components?.schemas ?? {}).filter(
      ([, schema]) => schema['x-svc-non-exhaustive'] !== undefined,
    );
    expect(marked.length).toBeGreaterThanOrEqual(12);
    for (const [name, schema] of marked) expect(nonExhaustiveFormProblem(schema), name).toBeUndefined();
  });
});
