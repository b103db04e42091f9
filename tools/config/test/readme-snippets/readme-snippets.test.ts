import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { asRecorded, readmeBlock, recordedRuns, shownFigure } from '../../readme-snippets.ts';

describe('readmeBlock', () => {
  it('reads the fenced block between a name’s markers, and names the README when they are missing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-readme-'));
    const readme = join(folder, 'README.md');
    writeFileSync(readme, 'Intro\n\n<!-- call:start -->\n```js\nconsole.log(1);\n```\n<!-- call:end -->\n');
    try {
      expect(readmeBlock(readme, 'call')).toBe('console.log(1);\n');
      expect(() => readmeBlock(readme, 'other')).toThrow(`${readme} has no fenced block between <!-- other:`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('recordedRuns', () => {
  it('splits a session into commands (joining `\\` continuations) and the lines each printed', () => {
    expect(recordedRuns('$ one \\\n    two\nout 1\n…\n\n$ three\nout 3\n')).toEqual([
      { command: 'one two', printed: ['out 1', '…'] },
      { command: 'three', printed: ['out 3'] },
    ]);
  });
});

describe('asRecorded', () => {
  it.each([
    [['a', 'b'], 'a\nb\n'],
    [['a', '…', 'd'], 'a\nb\nc\nd\n'],
    [['a', '…'], 'a\nb\n'],
    [['…', 'b'], 'a\nb\n'],
    [['a', '…', 'c', '…', 'e'], 'a\nb\nc\nd\ne\n'],
    [['a', '…', 'e'], 'a\ne\n'],
    [[], ''],
  ])('gives back %j for output that matches it', (printed, output) => {
    expect(asRecorded(printed, output)).toEqual(printed);
  });

  it.each([
    [['a', 'b'], 'a\nb\nc\n'],
    [['a', '…', 'x', '…', 'e'], 'a\nb\nc\nd\ne\n'],
    [['a', '…', 'a'], 'a\n'],
    [['b', '…'], 'a\nb\n'],
  ])('gives back the whole output when it does not match %j', (printed, output) => {
    expect(asRecorded(printed, output)).toEqual(output.replace(/\n$/, '').split('\n'));
  });
});

describe('shownFigure', () => {
  it('reads the figure a comment shows after an expression, and names the expression it cannot find', () => {
    const code = "const r = await call();\nr.status; // 200\nlocalDayOf('x'); // { date: '2026-01-01', … }\n";
    expect(shownFigure(code, 'r.status')).toBe('200');
    expect(shownFigure(code, "localDayOf('x')")).toBe("{ date: '2026-01-01', … }");
    expect(() => shownFigure(code, 'r.body')).toThrow('the code shows no figure for `r.body`');
  });
});

describe('runSnippet', () => {
  it('leaves no file behind when its test times out before the run ends (a left file got committed)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'readme-snippet-'));
    const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
    const vitest = join(createRequire(import.meta.url).resolve('vitest/package.json'), '../vitest.mjs');
    try {
      const run = promisify(execFile)(
        process.execPath,
        [vitest, 'run', '--root', fixtures, '--config', join(fixtures, 'vitest.config.ts')],
        { env: { ...process.env, SNIPPET_FOLDER: folder }, timeout: 60_000 },
      );
      await expect(run).rejects.toMatchObject({ stderr: expect.stringMatching(/timed out in 300ms/) });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
