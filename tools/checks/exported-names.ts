// The names a source folder's files export by declaration (`export function`, `const`, `class`, `type`,
// `interface`, `enum`), read with the TypeScript parser; re-exports (`export { … } from`) are left out,
// since they name what another file declares.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One exported declaration: its name and the file (relative to the folder) that declares it. */
export interface ExportedName {
  readonly name: string;
  readonly file: string;
}

/** Every name declared and exported under `srcDir` (skipping folders named in `skip`, e.g. `generated`). */
export function exportedNames(srcDir: string, skip: readonly string[] = ['generated']): ExportedName[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /\.[cm]?tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !file.split('/').some((part) => skip.includes(part)))
    .sort()
    .flatMap((file) =>
      namesIn(file, readFileSync(join(srcDir, file), 'utf8')).map((name) => ({ name, file })),
    );
}

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function namesIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.filter(exported).flatMap((statement) => {
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.flatMap((d) =>
        ts.isIdentifier(d.name) ? [d.name.text] : [],
      );
    const { name } = statement as ts.DeclarationStatement;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}
