// The client as it was before a change, to race against the client as it is in one process (issue 34:
// calls with nobody listening for traces must cost what they cost before the attempt channel). Its
// sources at a git ref (BENCH_BEFORE; default: the commit before the attempt tracer was added) are
// bundled the way tsup builds the client's dist/node (esbuild: ESM, es2022, platform node, its
// dependencies external; the two differ only in `node:` prefixes), into bench-results/ (gitignored).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { createClient } from '@svc/client';
import { build } from 'esbuild';

/** A file the attempt channel added: the commit that added it is the first with tracing. */
const FIRST_TRACED_FILE = 'packages/client/src/internal/transport/trace/attempt-tracer.ts';

export interface ClientBefore {
  /** The ref as given (or found) and the commit it names. */
  ref: string;
  commit: string;
  createClient: typeof createClient;
}

/** The repository's root: bench/ is packages/bench. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The client at BENCH_BEFORE (or the commit before the attempt channel), bundled and imported. */
export async function loadClientBefore(): Promise<ClientBefore> {
  const added = git('log', '-1', '--diff-filter=A', '--format=%h', '--', FIRST_TRACED_FILE);
  const ref = process.env.BENCH_BEFORE ?? (added ? `${added}^` : '');
  if (!ref)
    throw new Error(
      `bench: no commit adds ${FIRST_TRACED_FILE}; name the client to race with BENCH_BEFORE=<ref>`,
    );
  const commit = git('rev-parse', '--short', ref);
  const results = new URL('../bench-results/', import.meta.url);
  const sources = fileURLToPath(new URL(`client-${commit}/`, results));
  rmSync(sources, { recursive: true, force: true });
  mkdirSync(sources, { recursive: true });
  const archive = execFileSync(
    'git',
    ['archive', commit, 'packages/client/src', 'packages/client/package.json'],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', sources], { input: archive });
  // Beside bench/'s node_modules, so openapi-fetch resolves to the same copy the client of today uses.
  const outfile = fileURLToPath(new URL(`client-${commit}.mjs`, results));
  await build({
    entryPoints: [`${sources}packages/client/src/index.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    external: ['openapi-fetch', '@svc/types'],
    outfile,
    logLevel: 'silent',
  });
  const module = (await import(pathToFileURL(outfile).href)) as { createClient: typeof createClient };
  return { ref, commit, createClient: module.createClient };
}
