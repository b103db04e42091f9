// Release gate: fails when the bundled spec breaks the last released one without a changeset that partners' version ranges stop at (minor while 0.x, major from 1.0)
// for each package the break reaches, and when a type test of the last release no longer type-checks.
//
// The last released spec is spec/released/openapi.json, written by `pnpm version-packages` (with
// `--record`) in the same commit that consumes the changesets, so it works on a fresh clone with no
// tags and no base branch. `--base <git-ref>` compares with the spec bundled at that commit instead
// (e.g. a pull request against origin/main). Since the first release (0.1.0) the released spec must exist:
// without it the gate would have nothing to compare with, so it fails and says how to restore it.
//
// Run with tsx (it reads the spec model, @svc/spec, from TypeScript source):
//   tsx tools/release/check-breaking.mjs [--base <ref>] [--spec <file>] [--released <file>]
//                                    [--changesets <dir>] [--no-type-tests]
//   tsx tools/release/check-breaking.mjs --record      # the release step: the bundle becomes "released"
//                                                      # (only when a package's version changed)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getPackagesSync } from '@manypkg/get-packages';
import { bundledSpecPath } from '@svc/spec';
import { breakingVerdict, changesetBumps } from './breaking-verdict.mjs';
import { releasedTypeTests } from './released-type-tests.mjs';
import { specChanges } from './spec-changes.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RELEASED = 'spec/released/openapi.json';
const { values: options } = parseArgs({
  options: {
    base: { type: 'string' },
    spec: { type: 'string', default: bundledSpecPath },
    released: { type: 'string', default: join(repo, RELEASED) },
    changesets: { type: 'string', default: join(repo, '.changeset') },
    record: { type: 'boolean', default: false },
    'no-type-tests': { type: 'boolean', default: false },
  },
});
const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const git = (/** @type {string[]} */ args) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

if (!existsSync(options.spec)) {
  process.stderr.write(`No bundled spec at ${options.spec}: run \`pnpm bundle\` first.\n`);
  process.exit(1);
}
/** A package's version in the last commit (undefined for a package new since then). */
function committedVersion(/** @type {string} */ dir) {
  try {
    return JSON.parse(git(['show', `HEAD:${relative(repo, dir)}/package.json`])).version;
  } catch {
    return undefined;
  }
}

if (options.record) {
  // `pnpm version-packages` with nothing pending cuts no release: the baseline must not move to today's
  // bundle, or a breaking change made since the release would pass the gate unseen.
  const cut = getPackagesSync(repo).packages.filter(
    ({ packageJson, dir }) => packageJson.private !== true && packageJson.version !== committedVersion(dir),
  );
  if (cut.length === 0) {
    say(`No version changed since the last commit: nothing was released, ${RELEASED} stays as it was.`);
    process.exit(0);
  }
  mkdirSync(dirname(options.released), { recursive: true });
  copyFileSync(options.spec, options.released);
  say(`Recorded ${relative(repo, options.spec)} as the released spec (${relative(repo, options.released)}).`);
  process.exit(0);
}

/** The spec bundled from `spec/` at a git ref, in a scratch folder, with this checkout's Redocly CLI. */
function bundleAt(/** @type {string} */ ref) {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-released-spec-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', ref, 'spec'], { cwd: repo });
    execFileSync('tar', ['-x', '-C', scratch], { input: archive });
    const redocly = join(repo, 'spec/node_modules/.bin/redocly');
    const out = join(scratch, 'openapi.json');
    const bundled = spawnSync(
      redocly,
      ['bundle', 'openapi.yaml', '--config', 'redocly.yaml', '--ext', 'json', '-o', out],
      { cwd: join(scratch, 'spec'), encoding: 'utf8' },
    );
    if (bundled.status !== 0) throw new Error(`bundling spec/ at ${ref} failed:\n${bundled.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The commit of the last release: the one that last wrote the released spec (undefined if none). */
function releaseCommit() {
  try {
    return git(['log', '-1', '--format=%H', '--', RELEASED]) || undefined;
  } catch {
    return undefined; // not a git checkout (e.g. a scratch copy): no released type tests to run
  }
}

let before;
let releasedFrom;
let releaseRef;
if (options.base) {
  before = bundleAt(options.base);
  releasedFrom = `the spec at ${options.base}`;
  releaseRef = options.base;
} else if (existsSync(options.released)) {
  before = JSON.parse(readFileSync(options.released, 'utf8'));
  releasedFrom = `the last release (${relative(repo, options.released)})`;
  releaseRef = options.released === join(repo, RELEASED) ? releaseCommit() : undefined;
} else {
  const types = getPackagesSync(repo).packages.find(({ packageJson }) => packageJson.name === '@svc/types');
  const tag = `@svc/types@${types?.packageJson.version ?? '<version>'}`;
  process.stderr.write(
    `No released spec at ${relative(repo, options.released)}: the gate has nothing to compare with. ` +
      `Restore the last release's (git checkout ${tag} -- ${RELEASED}), or compare with a branch ` +
      '(pnpm check:breaking --base origin/main).\n',
  );
  process.exit(1);
}

const changes = specChanges(before, JSON.parse(readFileSync(options.spec, 'utf8')));
const bumps = changesetBumps(
  existsSync(options.changesets)
    ? readdirSync(options.changesets)
        .filter((file) => file.endsWith('.md') && file !== 'README.md')
        .map((file) => readFileSync(join(options.changesets, file), 'utf8'))
    : [],
);
const packages = getPackagesSync(repo).packages.map(({ packageJson, dir }) => ({
  name: packageJson.name,
  version: packageJson.version,
  dir,
  private: packageJson.private === true,
  dependencies: Object.keys({
    ...packageJson.dependencies,
    ...packageJson.devDependencies,
    ...packageJson.peerDependencies,
  }),
  source: readTree(join(dir, 'src')),
}));

/** Every text file under a folder, concatenated ('' when there is none). */
function readTree(/** @type {string} */ dir) {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** @type {import('./breaking-verdict.mjs').TypeTestFailure[]} */
let typeTestFailures = [];
if (options['no-type-tests']) {
  say('Released type tests: skipped (--no-type-tests).');
} else if (!releaseRef) {
  say(
    `Released type tests: not run (no release commit: ${RELEASED} is not committed yet, or another released spec was given).`,
  );
} else {
  const result = releasedTypeTests({
    repo,
    ref: releaseRef,
    packages: packages.filter((pkg) => !pkg.private),
  });
  typeTestFailures = result.failures;
  say(
    `Released type tests (${releaseRef.slice(0, 12)}): ${result.files} files in ${result.packages.length} ` +
      `packages, ${result.failures.length} failing.`,
  );
  for (const note of result.notes) say(`  note: ${note}`);
}

const verdict = breakingVerdict({ changes, bumps, packages, typeTestFailures, releasedFrom });
for (const change of changes.filter((entry) => entry.type === 'unclassified')) {
  say(`  unclassified, review it: ${change.where}: ${change.description}`);
}
if (verdict.ok) {
  say(verdict.message);
} else {
  process.stderr.write(`${verdict.message}\n`);
  process.exit(1);
}
