// Release dry run: what `changeset version` + `pnpm publish` would ship, without touching the repo.
// In a scratch copy: install, `changeset version`, build, `pnpm pack` every public package, check each
// tarball (tarball-checks.mjs), then follow the README's tarball quick start into a new project.
// Exits 1 on any problem. `--keep` keeps the scratch copy for a look. The release rehearsal
// (release-rehearsal.mjs) goes further: it publishes to a local registry and installs by name.
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { followTarballQuickStart } from './quick-start.mjs';
import { releaseState, run, say, scratchCopy } from './scratch-copy.mjs';
import { checkTarballs, requestedBumps } from './tarball-checks.mjs';
import { pnpm, workspacePackages } from './workspace.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.argv.includes('--keep');
/** @type {string[]} */
const problems = [];

const repoBefore = releaseState(repo);
const started = Date.now();
say('Release dry run');
const scratch = scratchCopy(repo, 'svc-release-dry-run-');
try {
  run('install', [...pnpm, 'install', '--frozen-lockfile', '--prefer-offline'], scratch.dir);
  const before = new Map(
    workspacePackages(scratch.dir).map((pkg) => [pkg.manifest.name, pkg.manifest.version]),
  );
  const requested = requestedBumps(scratch.dir);
  run('changeset version', [...pnpm, 'exec', 'changeset', 'version'], scratch.dir);
  const published = workspacePackages(scratch.dir).filter((pkg) => pkg.manifest.private !== true);
  const filters = published.flatMap((pkg) => ['--filter', pkg.manifest.name]);
  run(
    'build',
    [...pnpm, 'exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'],
    scratch.dir,
  );

  const tarballs = join(scratch.dir, '.tarballs');
  mkdirSync(tarballs);
  /** Packs one package into the tarball folder and answers its path. */
  const pack = (/** @type {{ dir: string, manifest: any }} */ pkg) => {
    const packedBefore = new Set(readdirSync(tarballs));
    run(`pack ${pkg.manifest.name}`, [...pnpm, 'pack', '--pack-destination', tarballs], pkg.dir, {
      quiet: true,
    });
    return join(tarballs, readdirSync(tarballs).find((file) => !packedBefore.has(file)) ?? '');
  };
  const toolDirs = [scratch.dir, ...published.map((pkg) => pkg.dir)];
  problems.push(...checkTarballs({ published, before, requested, tarballOf: pack, toolDirs }));
  problems.push(...followTarballQuickStart({ repo, scratch: scratch.dir, tarballs, published }));
  const where = keep ? ` into ${tarballs}` : '';
  say(`\n${published.length} packages packed${where} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  if (!keep) scratch.remove();
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
