import { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { acceptUndefined } from '../../src/types/optional-undefined.js';

const nodesOf = (code: string) =>
  ts.createSourceFile('x.ts', code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements;
const print = (code: string) =>
  astToString(acceptUndefined(nodesOf(code)))
    .replace(/\s+/g, ' ')
    .trim();

describe('optional inputs accept undefined (issue 43: exactOptionalPropertyTypes)', () => {
  it('widens every optional property of a schema, nested ones included, and leaves required ones', () => {
    expect(print('export type Order = { id: string; note?: string; address?: { city?: string } };')).toBe(
      'export type Order = { id: string; note?: string | undefined; address?: { city?: string | undefined; } | undefined; };',
    );
  });

  it("widens a query group's parameters but leaves openapi-typescript's structure as written", () => {
    expect(
      print(
        'export interface operations { list: { parameters: { query?: { page?: number; name?: string | undefined }; path?: never }; requestBody?: never; }; }',
      ),
    ).toBe(
      'export interface operations { list: { parameters: { query?: { page?: number | undefined; name?: string | undefined; }; path?: never; }; requestBody?: never; }; }',
    );
  });
});
