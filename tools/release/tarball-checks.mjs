// What the release scripts check in every public package's tarball before a partner gets it: the
// version bump its changesets asked for, publint, attw (types resolve under every module resolution),
// and our own metadata rules (README, CHANGELOG, LICENSE, engines, files behind exports and bins, no
// `workspace:` range left). Shared by the dry run (local packs) and the rehearsal (what the registry serves).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_NODE } from '../node-lines/supported-node.mjs';
import { say } from './scratch-copy.mjs';

const BUMPS = ['none', 'patch', 'minor', 'major'];

/** @typedef {{ dir: string, path: string, manifest: any }} WorkspacePackage */

/** The strongest bump the pending changesets ask for, per package name. */
export function requestedBumps(/** @type {string} */ root) {
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

/** A binary of the workspace's install: the root first, then any package declaring it. */
export function workspaceBin(/** @type {string} */ name, /** @type {string[]} */ dirs) {
  const found = dirs.map((dir) => join(dir, 'node_modules/.bin', name)).find(existsSync);
  if (!found) throw new Error(`${name} is not installed in the workspace: add it as a devDependency`);
  return found;
}

/** Our own rules for a packed tarball: what publint and attw do not check. */
function checkTarball(/** @type {string} */ tarball, /** @type {WorkspacePackage} */ pkg) {
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
  if (packed.engines?.node !== SUPPORTED_NODE)
    found.push(
      `engines.node is ${JSON.stringify(packed.engines?.node)}, not the supported "${SUPPORTED_NODE}"`,
    );
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

/**
 * Checks each package's tarball (`tarballOf` packs or fetches it) and prints one table row per package.
 * @param {{ published: WorkspacePackage[], before: Map<string, string>, requested: Map<string, string>,
 *   tarballOf: (pkg: WorkspacePackage) => string, toolDirs: string[] }} input
 * @returns {string[]} the problems found, each naming its package
 */
export function checkTarballs({ published, before, requested, tarballOf, toolDirs }) {
  const publint = workspaceBin('publint', toolDirs);
  const attw = workspaceBin('attw', toolDirs);
  /** @type {string[]} */
  const problems = [];
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
    const tarball = tarballOf(pkg);
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
  return problems;
}
