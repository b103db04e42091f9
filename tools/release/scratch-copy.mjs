// A scratch copy of the repository for the release scripts (dry run, rehearsal): the files git would
// commit (tracked and new, so a new package is included; no node_modules, no dist), committed once in a
// fresh git repository (turbo finds a package's files through git, and changesets tags and the
// breaking-change gate read commits), and a runner that times each step and shows output only on failure.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnTool } from './workspace.mjs';

export const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);

/** Files git would commit: tracked plus untracked-but-not-ignored. */
function repoFiles(/** @type {string} */ repo) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(repo, file)));
}

/**
 * Runs `command` in `cwd`, timed; its output is shown only when it fails (then it throws).
 * @param {string} title
 * @param {string[]} command
 * @param {string} cwd
 * @param {{ quiet?: boolean, env?: NodeJS.ProcessEnv }} [options]
 */
export function run(title, command, cwd, { quiet = false, env } = {}) {
  const started = Date.now();
  const result = spawnTool(command, cwd, { env });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${title} failed (exit ${result.status}): ${command.join(' ')}`);
  }
  if (!quiet) say(`  ${title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

/** Copies the repository into a new temporary folder named `prefix…` and commits it there. */
export function scratchCopy(/** @type {string} */ repo, /** @type {string} */ prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const file of repoFiles(repo)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repo, file), join(dir, file));
  }
  say(`  copied the repository into ${dir} (git-tracked and new files, no node_modules, no dist)`);
  commitAll(dir, 'scratch copy');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `git add -A && git commit` in `dir` (a repository is made first when there is none). */
export function commitAll(/** @type {string} */ dir, /** @type {string} */ message) {
  if (!existsSync(join(dir, '.git')))
    run('git init', ['git', 'init', '-q', '-b', 'main'], dir, { quiet: true });
  run('git add', ['git', 'add', '-A'], dir, { quiet: true });
  const who = ['-c', 'user.name=Release rehearsal', '-c', 'user.email=release@svc.invalid'];
  run(`git commit (${message})`, ['git', ...who, 'commit', '-q', '--no-verify', '-m', message], dir);
}

/** What a release changes in a repository: its changesets, manifests and changelogs (to prove it did not). */
export function releaseState(/** @type {string} */ root) {
  const changesets = readdirSync(join(root, '.changeset')).map((file) => join('.changeset', file));
  const manifests = readdirSync(join(root, 'packages')).flatMap((folder) =>
    ['package.json', 'CHANGELOG.md'].map((file) => join('packages', folder, file)),
  );
  const released = join('spec', 'released', 'openapi.json');
  return [...changesets, ...manifests, released]
    .map(
      (file) =>
        `${file}\n${existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '(none)'}`,
    )
    .join('\n');
}
