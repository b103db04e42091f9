// A scratch copy of the spec, the generators and the packages they feed, in a temp folder: a test can
// edit the spec there, run bundle + generate, and compile or run code against the result, without ever
// touching the working tree.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = resolve(import.meta.dirname, '../../..');

/** The workspace packages the scratch copy holds: the spec, the generators and the chain to the helpers. */
const COPIED = {
  '@svc/spec': 'spec',
  '@svc/codegen': 'codegen',
  '@svc/types': 'packages/types',
  '@svc/client': 'packages/client',
  '@svc/lab-testing': 'packages/lab-testing',
} as const;

const SKIPPED = new Set(['node_modules', 'dist', 'test', '.turbo', 'size']);

export interface ScratchCopy {
  root: string;
  /** Replaces `from` (which must occur) with `to` in a file of the copy. */
  edit(path: string, from: string, to: string): Promise<void>;
  /** `pnpm bundle` and `pnpm generate`, run in the copy. */
  bundleAndGenerate(): Promise<void>;
  /** Runs a command of the repository's own toolchain (`tsc`, `tsx`) in a folder of the copy. */
  exec(bin: 'tsc' | 'tsx', args: string[], cwd: string): Promise<{ stdout: string; stderr: string }>;
  remove(): Promise<void>;
}

/**
 * Node modules of a copied package: links to the real installed dependencies, except the workspace
 * packages of the copy, which link to their copies (pnpm's own links are relative, so they would lead
 * back into the working tree).
 */
async function linkNodeModules(from: string, to: string, copies: Map<string, string>): Promise<void> {
  const real = join(from, 'node_modules');
  const entries = await readdir(real).catch(() => []);
  await mkdir(join(to, 'node_modules'), { recursive: true });
  for (const entry of entries) {
    if (entry === '.bin') continue;
    const names = entry.startsWith('@')
      ? (await readdir(join(real, entry))).map((scoped) => `${entry}/${scoped}`)
      : [entry];
    if (entry.startsWith('@')) await mkdir(join(to, 'node_modules', entry));
    for (const name of names)
      await symlink(copies.get(name) ?? (await realpath(join(real, name))), join(to, 'node_modules', name));
  }
}

export async function scratchCopy(): Promise<ScratchCopy> {
  const root = await mkdtemp(join(tmpdir(), 'svc-spec-change-'));
  const copies = new Map(Object.entries(COPIED).map(([name, dir]) => [name, join(root, dir)]));
  await cp(join(repoRoot, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  for (const dir of Object.values(COPIED)) {
    await cp(join(repoRoot, dir), join(root, dir), {
      recursive: true,
      filter: (source) => !SKIPPED.has(source.slice(source.lastIndexOf('/') + 1)),
    });
    await linkNodeModules(join(repoRoot, dir), join(root, dir), copies);
  }
  const exec = (bin: string, args: string[], cwd: string) =>
    run(join(repoRoot, 'node_modules/.bin', bin), args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
  return {
    root,
    async edit(path, from, to) {
      const file = join(root, path);
      const text = await readFile(file, 'utf8');
      if (!text.includes(from)) throw new Error(`${path} does not contain ${JSON.stringify(from)}`);
      await writeFile(file, text.replace(from, to));
    },
    async bundleAndGenerate() {
      const spec = join(root, 'spec');
      await run(
        join(repoRoot, 'spec/node_modules/.bin/redocly'),
        ['bundle', 'openapi.yaml', '--config', 'redocly.yaml', '--ext', 'json', '-o', 'dist/openapi.json'],
        { cwd: spec },
      );
      // In the order turbo runs them, as each package's `generate` script does: types first.
      for (const [pkg, target] of [
        ['types', 'types'],
        ['client', 'client'],
      ] as const)
        await run(process.execPath, [join(root, 'codegen/bin/svc-codegen.js'), target], {
          cwd: join(root, 'packages', pkg),
        });
    },
    exec,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** A tsconfig for code in `dir` of the copy that reads the copied packages' sources. */
export function scratchTsconfig(): string {
  const paths = Object.fromEntries(
    ['types', 'client', 'lab-testing'].map((name) => [`@svc/${name}`, [`../packages/${name}/src/index.ts`]]),
  );
  return JSON.stringify({
    extends: '../tsconfig.base.json',
    compilerOptions: { types: [], paths },
    include: ['*.ts'],
  });
}
