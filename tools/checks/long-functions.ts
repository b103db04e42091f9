// The functions of a source folder longer than a limit, read with the TypeScript parser: declarations,
// methods, accessors, constructors, arrow functions and function expressions, each measured from its first
// line to its last (a function nested in a long one is measured on its own as well).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One function over the limit: `file:line name (N lines)`. */
export interface LongFunction {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

/** Every function under `srcDir` (skipping folders named in `skip`, e.g. `generated`) longer than `max` lines. */
export function longFunctions(
  srcDir: string,
  max: number,
  skip: readonly string[] = ['generated'],
): LongFunction[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /\.[cm]?tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !file.split('/').some((part) => skip.includes(part)))
    .sort()
    .flatMap((file) => longIn(file, readFileSync(join(srcDir, file), 'utf8'), max));
}

function longIn(file: string, text: string, max: number): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = lineOf(node.getStart(source));
      const lines = lineOf(node.getEnd()) - first + 1;
      if (lines > max) found.push({ file, line: first, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A function's own name, else the name it is assigned to or given as a property, else `(anonymous)`. */
function nameOf(node: ts.Node): string {
  const own = (node as { name?: ts.Node }).name;
  if (own !== undefined && (ts.isIdentifier(own) || ts.isStringLiteral(own) || ts.isPrivateIdentifier(own)))
    return own.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return ts.isIdentifier(parent.name) ? parent.name.text : '(anonymous)';
  return '(anonymous)';
}
