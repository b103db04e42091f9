import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const file = new URL('../../src/generated/openapi.ts', import.meta.url);
const source = ts.createSourceFile('openapi.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Finds a property signature by its path of names, e.g. ['components', 'schemas', 'LinkResult', 'connected']. */
function findProperty(path: string[]): ts.PropertySignature | undefined {
  let members: ts.NodeArray<ts.TypeElement> | undefined;
  let found: ts.PropertySignature | undefined;
  const root = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === path[0],
  );
  members = root?.members;
  let rest = path.slice(1);
  // Schemas are generated as named types (`export type LinkResult = { … }`): start there.
  if (path[0] === 'components' && path[1] === 'schemas') {
    const alias = source.statements.find(
      (statement): statement is ts.TypeAliasDeclaration =>
        ts.isTypeAliasDeclaration(statement) && statement.name.text === path[2],
    );
    const literal = alias && ts.isIntersectionTypeNode(alias.type) ? alias.type.types[0] : alias?.type;
    members = literal && ts.isTypeLiteralNode(literal) ? literal.members : undefined;
    rest = path.slice(3);
  }
  for (const name of rest) {
    found = members?.find(
      (member): member is ts.PropertySignature =>
        ts.isPropertySignature(member) && member.name.getText(source).replace(/["']/g, '') === name,
    );
    const type = found?.type;
    members = type && ts.isTypeLiteralNode(type) ? type.members : undefined;
  }
  return found;
}

const isDeprecated = (node: ts.Node | undefined): boolean =>
  node !== undefined && ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'deprecated');

describe('deprecated fields carry @deprecated in the generated types', () => {
  it.each([
    ['LinkResult', 'provider'],
    ['LinkResult', 'connected'],
    ['LinkResult', 'provider_id'],
    ['GroupedTimeseries', 'next'],
  ])('%s.%s is @deprecated', (schema, property) => {
    const node = findProperty(['components', 'schemas', schema, property]);
    expect(node, `${schema}.${property} exists`).toBeDefined();
    expect(isDeprecated(node)).toBe(true);
  });

  it('keeps the replacement field next_cursor undeprecated', () => {
    const node = findProperty(['components', 'schemas', 'GroupedTimeseries', 'next_cursor']);
    expect(node).toBeDefined();
    expect(isDeprecated(node)).toBe(false);
  });

  it('marks the deprecated cursor query parameter of the steps read', () => {
    const text = source.getFullText();
    expect(text).toMatch(/@deprecated[^*]*\*[\s\S]*?\*\/\s*cursor\?:/);
  });
});
