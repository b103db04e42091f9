// The import graph of a package's source, read with the TypeScript parser (not a regular expression), so
// `import type`, `export … from`, `import('…')` and a type's `import('…').T` are all seen, and a string or
// comment that looks like an import is not.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** One import of a module: what it names, where that lands and whether it only reads types. */
export interface SourceImport {
  /** The specifier as written: `'./x.js'`, `'@svc/client'`. */
  readonly specifier: string;
  /** A relative specifier resolved to a `.ts` path under the source folder; otherwise the specifier. */
  readonly target: string;
  /** True for `import type`, `export type`, an import whose every name is `type`, and `import('…').T`. */
  readonly typeOnly: boolean;
  /** True for `import('…')` in code: loaded when that code runs, not with the module. */
  readonly dynamic: boolean;
  /** 1-based line of the import, for the failure message. */
  readonly line: number;
}

/** Every `.ts` module under `srcDir` (relative, `/`-separated), with the modules it imports. */
export function sourceImports(srcDir: string): Map<string, SourceImport[]> {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(join(srcDir, file), 'utf8'))]));
}

function importsOf(file: string, text: string): SourceImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: SourceImport[] = [];
  const add = (literal: ts.Node, typeOnly: boolean, dynamic = false) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const specifier = literal.text;
    const target = specifier.startsWith('.')
      ? normalize(join(dirname(file), specifier))
          .split('\\')
          .join('/')
          .replace(/\.js$/, '.ts')
      : specifier;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier, target, typeOnly, dynamic, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importsTypesOnly(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier)
      add(node.moduleSpecifier, exportsTypesOnly(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    )
      add(node.arguments[0], false, true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importsTypesOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function exportsTypesOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}
