// Optional inputs as `?: T | undefined`, so a partner compiling with `exactOptionalPropertyTypes` can
// pass a value that may be missing (`lab_account_id: account?.lab_account_id`) as they would without it.
// openapi-typescript writes `?: T` and has no option for it: this pass rewrites its output.
import ts from 'typescript';

/** openapi-typescript's members that hold data fields: query, header and cookie parameters. */
const PARAMETER_GROUPS = new Set(['query', 'header', 'cookie']);

const nameOf = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

const hasUndefined = (type: ts.TypeNode) =>
  type.kind === ts.SyntaxKind.UndefinedKeyword ||
  (ts.isUnionTypeNode(type) && type.types.some((member) => member.kind === ts.SyntaxKind.UndefinedKeyword));

/**
 * Adds `| undefined` to every optional property of a schema (the exported schema aliases, whatever
 * they nest) and of a query, header or cookie parameter group. The structure openapi-typescript builds
 * around them (`parameters?`, `requestBody?`, `query?` itself) is left as written: openapi-fetch reads it.
 */
export function acceptUndefined(nodes: readonly ts.Node[]): ts.Node[] {
  const visit =
    (context: ts.TransformationContext, data: boolean) =>
    (node: ts.Node): ts.Node => {
      if (ts.isPropertySignature(node) && node.type) {
        const fields = data || PARAMETER_GROUPS.has(nameOf(node.name) ?? '');
        const inner = ts.visitNode(node.type, visit(context, fields), ts.isTypeNode) as ts.TypeNode;
        const widened =
          data && node.questionToken && !hasUndefined(inner)
            ? ts.factory.createUnionTypeNode([
                inner,
                ts.factory.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword),
              ])
            : inner;
        return ts.factory.updatePropertySignature(
          node,
          node.modifiers,
          node.name,
          node.questionToken,
          widened,
        );
      }
      return ts.visitEachChild(node, visit(context, data), context);
    };
  return nodes.map((node) => {
    const data = ts.isTypeAliasDeclaration(node);
    const result = ts.transform(node, [
      (context) => (root) => ts.visitNode(root, visit(context, data)) as ts.Node,
    ]);
    const [out] = result.transformed;
    return out as ts.Node;
  });
}
