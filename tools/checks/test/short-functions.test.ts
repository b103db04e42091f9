// No hand-written function of the client, the sync, the MCP server, the sandbox or the mock runs past 80 lines: one a reader can hold at once.
// Measured with the TypeScript parser (long-functions.ts), generated code left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longFunctions } from '../long-functions.ts';

const repo = resolve(import.meta.dirname, '../../..');
const MAX_LINES = 80;

describe('function length', () => {
  it.each([
    'packages/client/src',
    'packages/sync/src',
    'packages/mcp/src',
    'packages/sandbox/src',
    'packages/mock/src',
  ])(`no function in %s runs past ${MAX_LINES} lines`, (root) => {
    const long = longFunctions(resolve(repo, root), MAX_LINES).map(
      ({ file, line, name, lines }) => `${root}/${file}:${line} ${name} (${lines} lines)`,
    );
    expect(long).toEqual([]);
  });

  it('measures each function from its first line to its last, nested ones too, generated code left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'long-functions-'));
    try {
      const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
      writeFileSync(
        join(dir, 'a.ts'),
        `export function outer() {\n${body(3)}\n  const inner = () => {\n${body(2)}\n  };\n}\n`,
      );
      mkdirSync(join(dir, 'generated'));
      writeFileSync(join(dir, 'generated', 'b.ts'), `export function made() {\n${body(9)}\n}\n`);
      expect(longFunctions(dir, 3)).toEqual([
        { file: 'a.ts', line: 1, name: 'outer', lines: 9 },
        { file: 'a.ts', line: 5, name: 'inner', lines: 4 },
      ]);
      expect(longFunctions(dir, 8)).toEqual([{ file: 'a.ts', line: 1, name: 'outer', lines: 9 }]);
      expect(longFunctions(dir, 9, [])).toEqual([
        { file: 'generated/b.ts', line: 1, name: 'made', lines: 11 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
