// `svc-codegen <target>`: runs one generator into the package in the current folder, the way each
// package's `generate` script calls it. A target writes one package's src/generated/, so the folder must
// be that package: run anywhere else, it says so and writes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CodegenError } from './codegen-error.js';

type Generate = (packageDir: string) => Promise<string>;

/** Each target, the package it writes into, and its generator (loaded only when asked for). */
const TARGETS: Record<string, { package: string; load: () => Promise<Generate> }> = {
  types: {
    package: '@svc/types',
    load: async () => (await import('./types/generate-types.js')).generateTypes,
  },
  client: {
    package: '@svc/client',
    load: async () => (await import('./client/generate-client.js')).generateClient,
  },
  'sandbox-control': {
    package: '@svc/sandbox',
    load: async () => (await import('./sandbox/generate-control-types.js')).generateControlTypes,
  },
};

const USAGE =
  `usage: svc-codegen <${Object.keys(TARGETS).join('|')}>, run in the package it writes into ` +
  "(the events catalogue takes the runtime's name split: @svc/codegen/events)";

async function packageName(dir: string): Promise<string | undefined> {
  const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as { name?: string }).name;
}

async function run(args: string[], cwd: string): Promise<string> {
  const [name, ...rest] = args;
  const target = name === undefined ? undefined : TARGETS[name];
  if (target === undefined || rest.length > 0) throw new CodegenError(USAGE);
  const here = await packageName(cwd);
  if (here !== target.package)
    throw new CodegenError(
      `${name} writes ${target.package}'s src/generated/; run it in that package's folder ` +
        `(pnpm --filter ${target.package} generate), not in ${here ?? cwd}`,
    );
  return (await target.load())(cwd);
}

/** Runs the CLI; answers the exit code. An expected failure is one line on stderr, no stack. */
export async function main(args: string[], cwd: string): Promise<number> {
  try {
    process.stdout.write(`${await run(args, cwd)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    process.stderr.write(`svc-codegen: ${error.message}\n`);
    return 1;
  }
}
