// Release dry run: what `changeset version` + `pnpm publish` would ship, without touching the repo.
// In a scratch copy (tracked and untracked-but-not-ignored files): install, `changeset version`,
// build, `pnpm pack` every public package, then check each tarball with publint, attw and our own
// metadata rules. Exits 1 on any problem. `--keep` keeps the scratch copy for a look.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm, spawnTool, workspacePackages } from './workspace.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.argv.includes('--keep');
const scratch = mkdtempSync(join(tmpdir(), 'svc-release-dry-run-'));
const tarballs = join(scratch, '.tarballs');
const BUMPS = ['none', 'patch', 'minor', 'major'];
/** @type {string[]} */
const problems = [];

const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const readJson = (/** @type {string} */ path) => JSON.parse(readFileSync(path, 'utf8'));

/** Runs a command in the scratch copy; its output is shown only when it fails. */
function run(/** @type {string} */ title, /** @type {string[]} */ command, cwd = scratch, quiet = false) {
  const started = Date.now();
  const result = spawnTool(command, cwd);
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${title} failed (exit ${result.status}): ${command.join(' ')}`);
  }
  if (!quiet) say(`  ${title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

/** Files git would commit: tracked plus untracked-but-not-ignored, so a new package is included. */
function repoFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repo, file)));
}

/** What `changeset version` would change in the repository: its changesets, manifests and changelogs. */
function releaseState(/** @type {string} */ root) {
  const changesets = readdirSync(join(root, '.changeset')).map((file) => join('.changeset', file));
  const manifests = readdirSync(join(root, 'packages')).flatMap((folder) =>
    ['package.json', 'CHANGELOG.md'].map((file) => join('packages', folder, file)),
  );
  return [...changesets, ...manifests]
    .map(
      (file) =>
        `${file}\n${existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '(none)'}`,
    )
    .join('\n');
}

/** The strongest bump the pending changesets ask for, per package name. */
function requestedBumps(/** @type {string} */ root) {
  /** @type {Map<string, string>} */
  const bumps = new Map();
  const folder = join(root, '.changeset');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder, file), 'utf8'))?.[1] ?? '';
    for (const [, name = '', bump = ''] of front.matchAll(/^\s*["']?([^"':]+)["']?\s*:\s*(\w+)\s*$/gm)) {
      if (BUMPS.indexOf(bump) > BUMPS.indexOf(bumps.get(name) ?? 'none')) bumps.set(name, bump);
    }
  }
  return bumps;
}

function bumpBetween(/** @type {string} */ before, /** @type {string} */ after) {
  const [a = 0, b = 0, c = 0] = before.split('.').map(Number);
  const [x = 0, y = 0, z = 0] = after.split('.').map(Number);
  if (x !== a) return 'major';
  if (y !== b) return 'minor';
  return z !== c ? 'patch' : 'none';
}

/**
 * Every `./…` file an exports map points at (conditions and subpaths, no patterns).
 * @returns {string[]}
 */
function exportTargets(/** @type {unknown} */ value) {
  if (typeof value === 'string') return value.startsWith('./') && !value.includes('*') ? [value] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** A binary from the scratch copy's install: the root first, then any package declaring it. */
function bin(/** @type {string} */ name, /** @type {string[]} */ dirs) {
  const found = [scratch, ...dirs].map((dir) => join(dir, 'node_modules/.bin', name)).find(existsSync);
  if (!found) throw new Error(`${name} is not installed in the workspace: add it as a devDependency`);
  return found;
}

/** Our own rules for a packed tarball: what publint and attw do not check. */
function checkTarball(/** @type {string} */ tarball, /** @type {{ path: string, manifest: any }} */ pkg) {
  const files = new Set(
    execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, '')),
  );
  const packed = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  );
  const found = [];
  if (!files.has('README.md')) found.push('no README.md');
  if (!files.has('CHANGELOG.md')) found.push('no CHANGELOG.md (changesets writes it; list it in "files")');
  if (![...files].some((file) => /^LICEN[CS]E(\.md|\.txt)?$/i.test(file))) found.push('no LICENSE file');
  // There is no public repository yet: links are omitted, and a placeholder host would send partners nowhere.
  for (const field of ['repository', 'homepage', 'bugs']) {
    const url = typeof packed[field] === 'string' ? packed[field] : packed[field]?.url;
    if (
      packed[field] !== undefined &&
      (!url || /\.(invalid|example|test|localhost)\b|example\.(com|org)/.test(url))
    ) {
      found.push(
        `${field} points nowhere real (${JSON.stringify(packed[field])}): give a real URL or omit it`,
      );
    }
  }
  if (packed.repository && packed.repository.directory !== pkg.path) {
    found.push(`repository.directory is ${JSON.stringify(packed.repository.directory)}, not "${pkg.path}"`);
  }
  if (!packed.engines?.node) found.push('no engines.node');
  if (packed.exports?.['./package.json'] !== './package.json') found.push('exports lacks "./package.json"');
  for (const target of exportTargets(packed.exports)) {
    if (!files.has(target.slice(2))) found.push(`exports points at ${target}, which is not in the tarball`);
  }
  for (const target of Object.values(
    typeof packed.bin === 'string' ? { bin: packed.bin } : (packed.bin ?? {}),
  )) {
    if (!files.has(String(target).replace(/^\.\//, ''))) found.push(`bin ${target} is not in the tarball`);
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(packed[field] ?? {})) {
      if (String(range).startsWith('workspace:')) found.push(`${field}.${name} is still ${range}`);
    }
  }
  if (packed.version !== pkg.manifest.version)
    found.push(`packed version ${packed.version} ≠ ${pkg.manifest.version}`);
  return { found, files: files.size };
}

/** The `npm install` lines of the README's tarball quick start (its `sh` blocks after "from packed tarballs"). */
function quickStartInstalls() {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('from packed tarballs'), readme.indexOf('**Once released**'));
  const lines = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] ?? '').split('\n'),
  );
  return lines.map((line) => line.trim()).filter((line) => line.startsWith('npm install'));
}

/**
 * Follows the README's tarball quick start into a new project: its `npm install` lines, run as written
 * with SVC_PACKAGES naming the packed folder; then checks the sandbox is a dev dependency and imports
 * every package as a partner's code would.
 */
function followQuickStart(/** @type {string} */ packed, /** @type {string[]} */ names) {
  const project = join(scratch, 'svc-quick-start');
  mkdirSync(project);
  run('quick start: npm init', ['npm', 'init', '-y'], project, true);
  const installs = quickStartInstalls();
  if (installs.length === 0) throw new Error('the README quick start has no `npm install` line to follow');
  for (const line of installs) {
    const result = spawnSync('sh', ['-c', line], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, SVC_PACKAGES: packed, npm_config_audit: 'false', npm_config_fund: 'false' },
    });
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout}${result.stderr}`);
      throw new Error(`the README quick start failed at: ${line}`);
    }
  }
  say(`  quick start: ${installs.length} README install steps`);
  const manifest = readJson(join(project, 'package.json'));
  if (!manifest.devDependencies?.['@svc/sandbox'])
    problems.push('quick start: the README installs @svc/sandbox, but not as a dev dependency');
  if (manifest.dependencies?.['@svc/sandbox'])
    problems.push('quick start: the README puts @svc/sandbox in production dependencies');
  const script = `${names.map((name) => `await import(${JSON.stringify(name)});`).join('\n')}\n`;
  run('quick start: import every package', [process.execPath, '--input-type=module', '-e', script], project);
}

const repoBefore = releaseState(repo);
try {
  const started = Date.now();
  say(`Release dry run in ${scratch}`);
  for (const file of repoFiles()) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(repo, file), join(scratch, file));
  }
  say('  copied the repository (git-tracked and new files, no node_modules, no dist)');
  // turbo finds a package's files through git; without a repository it walks the file system and follows
  // the workspace links in node_modules, which loop through tools/ (it encloses @svc/codegen).
  run('git init', ['git', 'init', '-q']);
  run('git add', ['git', 'add', '-A']);
  run('install', [...pnpm, 'install', '--frozen-lockfile', '--prefer-offline']);

  const before = new Map(workspacePackages(scratch).map((pkg) => [pkg.manifest.name, pkg.manifest.version]));
  const requested = requestedBumps(scratch);
  run('changeset version', [...pnpm, 'exec', 'changeset', 'version']);
  const published = workspacePackages(scratch).filter((pkg) => pkg.manifest.private !== true);

  const filters = published.flatMap((pkg) => ['--filter', pkg.manifest.name]);
  run('build', [...pnpm, 'exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only']);
  mkdirSync(tarballs);
  const packageDirs = published.map((pkg) => pkg.dir);
  const publint = bin('publint', packageDirs);
  const attw = bin('attw', packageDirs);

  say('\npackage                version          bump   files  publint  attw  metadata');
  for (const pkg of published) {
    const { name, version } = pkg.manifest;
    const from = before.get(name) ?? '?';
    const bump = bumpBetween(from, version);
    const asked = requested.get(name) ?? 'none';
    const found = [];
    // A patch for "updated dependencies" is normal; an unasked major is changesets reacting to a
    // bumped peer dependency, and would ship a breaking-change signal nobody meant.
    if (bump === 'major' && asked !== 'major') {
      found.push(
        `major bump, but its changesets ask for ${asked}: a package it lists in peerDependencies was ` +
          'bumped out of the peer range; widen the range, as @svc/lab-testing does with "0.x"',
      );
    }
    const packedBefore = new Set(readdirSync(tarballs));
    run(`pack ${name}`, [...pnpm, 'pack', '--pack-destination', tarballs], pkg.dir, true);
    const tarball = join(tarballs, readdirSync(tarballs).find((file) => !packedBefore.has(file)) ?? '');
    const lint = spawnSync(publint, ['run', tarball, '--strict'], { encoding: 'utf8' });
    // The package's own check:package names its attw profile (the sandbox's MSW entry needs node16, as msw does).
    const profile = /--profile (\S+)/.exec(pkg.manifest.scripts?.['check:package'] ?? '')?.[1];
    const attwArgs = [
      tarball,
      '--format',
      'table-flipped',
      '--no-color',
      ...(profile ? ['--profile', profile] : []),
    ];
    const types = spawnSync(attw, attwArgs, { encoding: 'utf8' });
    const metadata = checkTarball(tarball, pkg);
    found.push(...metadata.found);
    if (lint.status !== 0) found.push(`publint:\n${lint.stdout}${lint.stderr}`);
    if (types.status !== 0) found.push(`attw:\n${types.stdout}${types.stderr}`);
    say(
      `${name.padEnd(22)} ${`${from} → ${version}`.padEnd(16)} ${bump.padEnd(6)} ${String(metadata.files).padStart(5)}  ` +
        `${lint.status === 0 ? 'ok' : 'FAIL'}       ${types.status === 0 ? 'ok' : 'FAIL'}    ${metadata.found.length === 0 ? 'ok' : 'FAIL'}`,
    );
    problems.push(...found.map((problem) => `${name}: ${problem}`));
  }
  followQuickStart(
    tarballs,
    published.map((pkg) => pkg.manifest.name),
  );
  const where = keep ? ` into ${tarballs}` : '';
  say(`\n${published.length} packages packed${where} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  if (!keep) rmSync(scratch, { recursive: true, force: true });
}
if (releaseState(repo) !== repoBefore)
  problems.push('changesets, manifests or changelogs of the repository changed during the dry run');

if (problems.length > 0) {
  process.stderr.write(
    `\nRelease dry run found ${problems.length} problem(s):\n- ${problems.join('\n- ')}\n`,
  );
  process.exit(1);
}
say('Release dry run: every public package would publish cleanly. The repository was not changed.');
