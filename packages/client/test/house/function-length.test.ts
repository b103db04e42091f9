// No function of the client's own source runs past 80 lines (generated code aside): one that does holds
// several steps a reader has to tell apart, and each step deserves a name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const MAX_LINES = 80;

/** Every function of a source file (declarations, methods, arrows, constructors) with its length in lines. */
function functionsOf(file: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(SRC, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: { name: string; lines: number }[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = node.name?.getText(source) ?? `(anonymous at line ${lineOf(node.getStart(source)) + 1})`;
      found.push({ name: `${file}: ${name}`, lines: lineOf(node.end) - lineOf(node.getStart(source)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const FUNCTIONS = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.startsWith('generated/'))
  .flatMap(functionsOf);

describe('the client’s source functions', () => {
  it(`run to at most ${MAX_LINES} lines each (src/generated/ aside)`, () => {
    expect(FUNCTIONS.length).toBeGreaterThan(100);
    const long = FUNCTIONS.filter(({ lines }) => lines > MAX_LINES).map(
      ({ name, lines }) => `${name}: ${lines} lines`,
    );
    expect(long).toEqual([]);
  });
});
