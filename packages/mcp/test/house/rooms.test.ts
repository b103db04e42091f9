// The import rules src/internal/README.md states, as tests: each rule quotes the README, and the imports
// are read with the TypeScript parser (`import type`, `export … from` and `import()` included).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles } from '@svc/tools/import-circles';
import { type SourceImport, sourceImports } from '@svc/tools/source-imports';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const MODULES = sourceImports(SRC);

/** Every import of the package, as `file → target`, with what the import says of itself. */
const EDGES = [...MODULES].flatMap(([file, imports]) => imports.map((edge) => ({ ...edge, file })));
const LOCAL = EDGES.filter(({ specifier }) => specifier.startsWith('.'));
const show = (edge: { file: string } & SourceImport) => `${edge.file}:${edge.line} → ${edge.specifier}`;

const isTop = (file: string) => !file.includes('/');
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
/** The transports and the flags of `svc-mcp`: the edges of the process, which only `src/cli.ts` wires. */
const TRANSPORTS = ['internal/stdio', 'internal/http', 'internal/cli'];
const isTransport = (file: string) => TRANSPORTS.some((folder) => under(folder)(file));

/** Each circle of imports among the modules, as the path around it. */
const circles = (): string[] =>
  importCircles(new Map([...MODULES].map(([file, imports]) => [file, imports.map(({ target }) => target)])));

describe('the rooms of the MCP server', () => {
  it('reads every module of src/ and the imports between them', () => {
    expect(MODULES.size).toBeGreaterThan(30);
    expect(
      LOCAL.some(({ file, target }) => file === 'internal/catalogue.ts' && under('internal/spec')(target)),
    ).toBe(true);
  });

  it('internal/ stands below src/: it imports no module of src/ that imports internal/', () => {
    // internal/README.md: "only `src/` (the package's own modules) imports from here".
    const entries = new Set(
      LOCAL.filter(({ file, target }) => isTop(file) && under('internal')(target)).map(({ file }) => file),
    );
    expect(entries.size).toBeGreaterThan(0);
    const wrong = LOCAL.filter(({ file, target }) => under('internal')(file) && entries.has(target));
    expect(wrong.map(show)).toEqual([]);
  });

  it('spec/ reads the spec only through @svc/spec and imports nothing else of the package', () => {
    // internal/README.md: "Reads the spec only through `@svc/spec`'s walker."
    const wrong = EDGES.filter(({ file }) => under('internal/spec')(file)).filter(({ specifier, target }) =>
      specifier.startsWith('.')
        ? !under('internal/spec')(target)
        : !(
            specifier === '@svc/spec' ||
            specifier.startsWith('@svc/spec/') ||
            specifier === '@modelcontextprotocol/server'
          ),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('inside internal/, only store/ reaches @svc/sync, and only through its public entry', () => {
    // internal/README.md: "`store/` (with `--store`): the read-only tools over the partner's synced store,
    // through `@svc/sync`'s public reads".
    const sync = EDGES.filter(
      ({ specifier }) => specifier === '@svc/sync' || specifier.startsWith('@svc/sync/'),
    );
    expect(sync.some(({ file }) => under('internal/store')(file))).toBe(true);
    const wrong = sync.filter(
      ({ file, specifier }) =>
        specifier !== '@svc/sync' || (under('internal')(file) && !under('internal/store')(file)),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('the transports (stdio/, http/) and the flags (cli/) are wired only by src/cli.ts', () => {
    // internal/README.md: "Around it: … `stdio/` …, `http/` … and `cli/` (the flags of `svc-mcp`)".
    const wrong = LOCAL.filter(
      ({ file, target }) => isTransport(target) && !isTransport(file) && file !== 'cli.ts',
    )
      // Inside one transport's folder, its own files; across transports, nothing.
      .concat(
        LOCAL.filter(
          ({ file, target }) =>
            isTransport(file) && isTransport(target) && file.split('/')[1] !== target.split('/')[1],
        ),
      );
    expect(wrong.map(show)).toEqual([]);
  });

  it('call/, the one pipeline of a call, imports no registration (discover/, store/) and no transport', () => {
    // internal/README.md: "`call/call-tool.ts`: the one pipeline of a call"; discover/ and store/ register
    // tools that run through it, never the reverse.
    const wrong = LOCAL.filter(({ file }) => under('internal/call')(file)).filter(
      ({ target }) =>
        under('internal/discover')(target) ||
        under('internal/store')(target) ||
        target === 'internal/register-operation-tools.ts' ||
        isTransport(target),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('has no circle of imports anywhere in src/', () => {
    expect(circles()).toEqual([]);
  });

  it('internal/ has a README saying what lives there and who may import it', () => {
    expect(existsSync(join(SRC, 'internal', 'README.md'))).toBe(true);
  });
});
