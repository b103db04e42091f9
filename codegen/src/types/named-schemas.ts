// Gives every schema component a top-level name in openapi-typescript's output, so editors show
// `UserRecord` where they would show `components["schemas"]["UserRecord"]` or the expanded object.
import ts from 'typescript';

const nameOf = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/**
 * Moves each member type of `components.schemas` into an exported alias of the same name (its
 * description moves along) and points the member at the alias. `components["schemas"]["X"]` stays
 * valid and now resolves to the alias, which TypeScript prints by name. Other nodes pass through.
 */
export function nameSchemas(nodes: readonly ts.Node[]): ts.Node[] {
  const aliases: ts.TypeAliasDeclaration[] = [];
  const out = nodes.map((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'components') return node;
    const members = node.members.map((member) => {
      if (!ts.isPropertySignature(member) || nameOf(member.name) !== 'schemas') return member;
      if (!member.type || !ts.isTypeLiteralNode(member.type)) return member;
      const schemas = member.type.members.map((schema) => {
        const name = ts.isPropertySignature(schema) ? nameOf(schema.name) : undefined;
        if (!name || !ts.isPropertySignature(schema) || !schema.type || !/^[A-Z][A-Za-z0-9]*$/.test(name))
          throw new Error(`schema ${name ?? '(unnamed)'} has no PascalCase name to export its type under`);
        const alias = ts.factory.createTypeAliasDeclaration(
          [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
          name,
          undefined,
          schema.type,
        );
        ts.setSyntheticLeadingComments(alias, ts.getSyntheticLeadingComments(schema));
        aliases.push(alias);
        const pointer = ts.factory.updatePropertySignature(
          schema,
          schema.modifiers,
          schema.name,
          schema.questionToken,
          ts.factory.createTypeReferenceNode(name),
        );
        ts.setSyntheticLeadingComments(pointer, undefined);
        return pointer;
      });
      return ts.factory.updatePropertySignature(
        member,
        member.modifiers,
        member.name,
        member.questionToken,
        ts.factory.createTypeLiteralNode(schemas),
      );
    });
    return ts.factory.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      members,
    );
  });
  return [...out, ...aliases];
}
