// `pnpm pack:all --out <folder>`: builds every public package (and what it needs), then packs each
// into <folder> (default ./svc-packages, relative to where pnpm was started), ready for `npm install`.
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm, spawnTool, workspacePackages } from './workspace.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** @returns {never} */
function fail(/** @type {string} */ message) {
  process.stderr.write(`pack:all: ${message}\n`);
  process.exit(1);
}

/** The folder named by `--out <folder>` or `--out=<folder>`, resolved against where the command was run. */
function outFolder(/** @type {string[]} */ args) {
  const index = args.findIndex((arg) => arg === '--out' || arg.startsWith('--out='));
  const unknown = args.filter((arg, at) => at !== index && at !== index + 1 && arg !== '--');
  if (unknown.length > 0) fail(`unknown argument ${unknown[0]} (usage: pnpm pack:all --out <folder>)`);
  if (index < 0) return resolve(process.env.INIT_CWD ?? process.cwd(), 'svc-packages');
  const value = args[index]?.startsWith('--out=') ? args[index].slice(6) : args[index + 1];
  if (!value || value.startsWith('--')) fail('--out needs a folder (usage: pnpm pack:all --out <folder>)');
  return resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

function run(/** @type {string[]} */ command, /** @type {string} */ cwd) {
  const result = spawnTool(command, cwd);
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    fail(`${command.slice(-4).join(' ')} failed (exit ${result.status})`);
  }
}

const out = outFolder(process.argv.slice(2));
const packages = workspacePackages(repo).filter((pkg) => pkg.manifest.private !== true);
mkdirSync(out, { recursive: true });
const filters = packages.flatMap((pkg) => ['--filter', pkg.manifest.name]);
run([...pnpm, 'exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], repo);
for (const pkg of packages) run([...pnpm, 'pack', '--pack-destination', out], pkg.dir);
process.stdout.write(
  `packed ${packages.length} packages into ${out}:\n${readdirSync(out)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => `  ${file}`)
    .join('\n')}\n`,
);
