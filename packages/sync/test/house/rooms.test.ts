// The import rules the folder READMEs of src/ state, as tests: each rule quotes its README, and the
// imports are read with the TypeScript parser (`import type`, `export … from` and `import()` included).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles } from '@svc/tools/import-circles';
import { type SourceImport, sourceImports } from '@svc/tools/source-imports';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const MODULES = sourceImports(SRC);

/** Every relative import of the package, as `file → target`, with what the import says of itself. */
const EDGES = [...MODULES].flatMap(([file, imports]) =>
  imports.filter(({ specifier }) => specifier.startsWith('.')).map((edge) => ({ ...edge, file })),
);
const show = (edge: { file: string } & SourceImport) => `${edge.file}:${edge.line} → ${edge.specifier}`;

const isTop = (file: string) => !file.includes('/');
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
/** The files split from `bullmq.ts` (the queue, the worker) stand beside it or in a folder of their own. */
const isBullmq = (file: string) => /^bullmq(?:[-.]|\/)/.test(file);

/** The room of a module of `internal/`: `internal` for its own files, else its folder (`internal/run`). */
const internalRoom = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? `internal/${parts[1]}` : 'internal';
};

/**
 * internal/README.md: "Imports point down only: run → plan → pace, run → pace, and any of them →
 * settings.ts and the package's leaf modules". The leaves, by name: what every layer may stand on.
 */
const INTERNAL_MAY_IMPORT: Record<string, readonly string[]> = {
  internal: [],
  'internal/pace': ['internal'],
  'internal/plan': ['internal', 'internal/pace'],
  'internal/run': ['internal', 'internal/plan', 'internal/pace'],
};
const LEAVES = [
  'days.ts',
  'instants.ts',
  'limits.ts',
  'progress.ts',
  'resources.ts',
  'sync-channels.ts',
  'sync-client.ts',
  'sync-types.ts',
  'stores/store.ts',
  'stores/team-fingerprint.ts',
];
const isLeaf = (file: string) => LEAVES.includes(file) || under('errors')(file) || under('status')(file);

/** Every package a module loads with it (static imports that are not `import type`), followed through src/. */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of MODULES.get(file) ?? []) {
      if (edge.typeOnly || edge.dynamic) continue;
      if (edge.specifier.startsWith('.')) visit(edge.target);
      else
        packages.add(
          edge.specifier.startsWith('@')
            ? edge.specifier.split('/').slice(0, 2).join('/')
            : (edge.specifier.split('/')[0] as string),
        );
    }
  };
  visit(entry);
  return packages;
}

/** Each circle of imports among the modules, as the path around it. */
const circles = (): string[] =>
  importCircles(new Map([...MODULES].map(([file, imports]) => [file, imports.map(({ target }) => target)])));

describe('the rooms of the sync', () => {
  it('reads every module of src/ and the imports between them', () => {
    expect(MODULES.size).toBeGreaterThan(50);
    expect(
      EDGES.some(({ file, target }) => file === 'create-sync.ts' && target === 'internal/run/start-run.ts'),
    ).toBe(true);
  });

  it('internal/ is imported only by the package’s own src/*.ts files (and name-errors.ts as named)', () => {
    // internal/README.md: "only the package's own src/*.ts files import it (create-sync.ts, and bullmq/)";
    // "../errors/errors.ts calls it [name-errors.ts] once".
    const wrong = EDGES.filter(({ file, target }) => under('internal')(target) && !under('internal')(file))
      .filter(({ file }) => !isTop(file) && !isBullmq(file))
      .filter(({ file, target }) => !(file === 'errors/errors.ts' && target === 'internal/name-errors.ts'));
    expect(wrong.map(show)).toEqual([]);
  });

  it('nothing of internal/ is exported from @svc/sync', () => {
    const wrong = EDGES.filter(({ file, target }) => file === 'index.ts' && under('internal')(target));
    expect(wrong.map(show)).toEqual([]);
  });

  it.each(Object.keys(INTERNAL_MAY_IMPORT))(
    '%s imports down only: the layers below it and the leaves',
    (room) => {
      const wrong = EDGES.filter(({ file }) => under('internal')(file) && internalRoom(file) === room)
        .filter(({ target }) => !under('internal')(target) || internalRoom(target) !== room)
        .filter(({ target }) =>
          under('internal')(target)
            ? !INTERNAL_MAY_IMPORT[room]?.includes(internalRoom(target))
            : !isLeaf(target),
        );
      expect(wrong.map(show)).toEqual([]);
    },
  );

  it('cli/ is imported only by ../cli.ts and the files in it; nothing in the library does', () => {
    // cli/README.md: "Only ../cli.ts and the files here import from this folder".
    const wrong = EDGES.filter(
      ({ file, target }) => under('cli')(target) && file !== 'cli.ts' && !under('cli')(file),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('console/ imports nothing from ../cli/', () => {
    // console/README.md: "nothing here imports from `../cli/`".
    const wrong = EDGES.filter(
      ({ file, target }) => under('console')(file) && (under('cli')(target) || target === 'cli.ts'),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('status/ imports neither the CLI nor the run', () => {
    // status/README.md: "nothing here imports the CLI or the run".
    const isRun = (target: string) =>
      under('internal/run')(target) || target === 'create-sync.ts' || isBullmq(target);
    const wrong = EDGES.filter(
      ({ file, target }) =>
        under('status')(file) && (under('cli')(target) || target === 'cli.ts' || isRun(target)),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('outside stores/, no module imports sqlite/ or postgres/, and of migrations/ only migrations.ts', () => {
    // stores/README.md: "The rest of the package opens a store through open-store.ts (or a factory here)".
    const wrong = EDGES.filter(
      ({ file, target }) => under('stores')(target) && !under('stores')(file),
    ).filter(({ target }) => target.split('/').length > 2 && target !== 'stores/migrations/migrations.ts');
    expect(wrong.map(show)).toEqual([]);
  });

  it('erasure/erase-queued-user.ts is imported only by the BullMQ entry, so the main entry never loads BullMQ', () => {
    // erasure/README.md: "only ../bullmq.ts imports it, so the main entry never loads BullMQ".
    const wrong = EDGES.filter(
      ({ file, target }) => target === 'erasure/erase-queued-user.ts' && !isBullmq(file),
    );
    expect(wrong.map(show)).toEqual([]);
    expect([...loadedWith('index.ts')].filter((name) => ['bullmq', 'ioredis'].includes(name))).toEqual([]);
  });

  it('the main entry loads no pg: a process on SQLite never loads it', () => {
    // stores/README.md: "`pg` itself is loaded with the first PostgreSQL store".
    expect(loadedWith('index.ts').has('@svc/client')).toBe(true);
    expect([...loadedWith('index.ts')].filter((name) => name === 'pg')).toEqual([]);
  });

  it('svc-sync loads BullMQ, pg and @svc/health only in the commands that use them', () => {
    // cli/README.md: "BullMQ, pg and `@svc/health` are loaded only by the commands that use them".
    const loaded = loadedWith('cli.ts');
    expect(loaded.size).toBeGreaterThan(0);
    expect([...loaded].filter((name) => ['bullmq', 'ioredis', 'pg', '@svc/health'].includes(name))).toEqual(
      [],
    );
  });

  it('has no circle of imports anywhere in src/', () => {
    expect(circles()).toEqual([]);
  });

  it.each(['internal', 'cli', 'console', 'erasure', 'errors', 'status', 'stores'])(
    '%s/ has a README saying what lives there and who may import it',
    (room) => {
      expect(existsSync(join(SRC, room, 'README.md'))).toBe(true);
    },
  );
});
