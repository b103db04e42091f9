import ts from 'typescript';
import { nonExhaustiveValues } from './non-exhaustive.ts';

type Schema = { format?: string; type?: string | string[] };

const literal = (value: unknown): ts.TypeNode => {
  if (value === null) return ts.factory.createLiteralTypeNode(ts.factory.createNull());
  if (typeof value === 'number')
    return ts.factory.createLiteralTypeNode(ts.factory.createNumericLiteral(value));
  if (typeof value === 'boolean')
    return ts.factory.createLiteralTypeNode(value ? ts.factory.createTrue() : ts.factory.createFalse());
  return ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(String(value)));
};

/** `string & {}`: accepts any string without collapsing the literal members, so editors still autocomplete. */
const anyOtherString = (): ts.TypeNode =>
  ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createTypeLiteralNode([]),
  ]);

const isNullable = (schema: Schema): boolean => Array.isArray(schema.type) && schema.type.includes('null');

/**
 * openapi-typescript `transform` hook.
 * - A non-exhaustive enum becomes `"a" | "b" | (string & {})`, so values the service adds later type-check.
 * - `format: binary` (file uploads) becomes `Blob`, which covers `File` in browsers and Node alike.
 */
export function schemaTransform(input: unknown): ts.TypeNode | undefined {
  const schema = input as Schema;
  if (!schema || typeof schema !== 'object') return undefined;
  const nullable = isNullable(schema) ? [literal(null)] : [];
  const known = nonExhaustiveValues(schema);
  if (known) {
    const members = known.map(literal);
    return ts.factory.createUnionTypeNode([...members, anyOtherString(), ...nullable]);
  }
  if (schema.format === 'binary') {
    const blob = ts.factory.createTypeReferenceNode('Blob');
    return nullable.length ? ts.factory.createUnionTypeNode([blob, ...nullable]) : blob;
  }
  return undefined;
}
