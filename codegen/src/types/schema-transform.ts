// openapi-typescript's `transform` hook: renders the overrides types-spec.ts reads as TypeScript nodes.
import ts from 'typescript';
import { typeOverrideOf } from './types-spec.js';

const literal = (value: string): ts.TypeNode =>
  ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value));
const nullType = (): ts.TypeNode => ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** `string & {}`: accepts any string without collapsing the literal members, so editors still autocomplete. */
const anyOtherString = (): ts.TypeNode =>
  ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createTypeLiteralNode([]),
  ]);

/**
 * - A non-exhaustive enum becomes `"a" | "b" | (string & {})`, so values the service adds later type-check.
 * - `format: binary` (file uploads) becomes `Blob`.
 * Either gets `| null` when the schema's type admits null.
 */
export function schemaTransform(schema: unknown): ts.TypeNode | undefined {
  const override = typeOverrideOf(schema);
  if (!override) return undefined;
  const nullable = override.nullable ? [nullType()] : [];
  if (override.kind === 'open-enum')
    return ts.factory.createUnionTypeNode([...override.known.map(literal), anyOtherString(), ...nullable]);
  const blob = ts.factory.createTypeReferenceNode('Blob');
  return nullable.length > 0 ? ts.factory.createUnionTypeNode([blob, ...nullable]) : blob;
}
