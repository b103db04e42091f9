// Release rehearsal: the whole road from changesets to a partner's project, on this machine. In a scratch
// copy: the release as the team cuts it (`pnpm version-packages`, committed; with no changeset pending,
// the versions already cut, as `changeset publish` on this commit would publish them), the build, the
// breaking-change gate against that release, `changeset publish` of every public package to a local
// registry on loopback, the tarball checks and the README's tarball quick start on what the registry
// serves; then, outside the repository, a partner's project installing by name from it
// (partner/partner-project.mjs) and their first hour (the `--walk` script) on every supported Node
// line. Exits 1 when a published package cannot be installed by name and used. The registry is stopped
// by its process id; the repository does not change. `--keep` keeps the folders.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary, onNode } from '../node-lines/node-binary.mjs';
import { NODE_LINES } from '../node-lines/supported-node.mjs';
import { optionalPeers, partnerEnv, partnerProject } from './partner/partner-project.mjs';
import { firstCall, followTarballQuickStart, releasedSteps } from './quick-start.mjs';
import { startRegistry } from './registry/local-registry.mjs';
import { packPrebuilts, prebuiltHosts } from './registry/prebuilt-binaries.mjs';
import { publishToRegistry } from './registry/publish.mjs';
import { commitAll, releaseState, run, say, scratchCopy } from './scratch-copy.mjs';
import { checkTarballs, requestedBumps } from './tarball-checks.mjs';
import { pnpm, spawnTool, workspacePackages } from './workspace.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.argv.includes('--keep');
// The partner's walk imports the published packages, so it lives above them (examples/), named by the
// root's script: `--walk examples/rehearsal/partner-walk.mjs`.
const walkArg = process.argv[process.argv.indexOf('--walk') + 1];
const WALK = process.argv.includes('--walk') && walkArg ? resolve(walkArg) : undefined;
if (!WALK) {
  process.stderr.write('usage: release-rehearsal.mjs --walk <partner walk script> [--keep]\n');
  process.exit(2);
}
/** @type {string[]} */
const problems = [];
/** @type {string[]} */
const folders = [];
/** @type {Awaited<ReturnType<typeof startRegistry>> | undefined} */
let registry;
const started = Date.now();
const repoBefore = releaseState(repo);
say('Release rehearsal');
try {
  const scratch = scratchCopy(repo, 'svc-release-rehearsal-');
  folders.push(scratch.dir);
  run('install', [...pnpm, 'install', '--frozen-lockfile', '--prefer-offline'], scratch.dir);
  const before = new Map(
    workspacePackages(scratch.dir).map((pkg) => [pkg.manifest.name, pkg.manifest.version]),
  );
  const requested = requestedBumps(scratch.dir);
  run('pnpm version-packages', [...pnpm, 'run', 'version-packages'], scratch.dir);
  // Right after a release nothing is pending and version-packages changes nothing: what this commit
  // would publish is the release as cut, so that is rehearsed (a made-up changeset would rehearse a
  // version nobody asked for).
  if (run('git status', ['git', 'status', '--porcelain'], scratch.dir, { quiet: true }).trim() !== '')
    commitAll(scratch.dir, 'Release');
  else say('  nothing pending: publishing the versions as released');
  const published = workspacePackages(scratch.dir).filter((pkg) => pkg.manifest.private !== true);
  const versions = new Map(published.map((pkg) => [pkg.manifest.name, pkg.manifest.version]));
  const filters = published.flatMap((pkg) => ['--filter', pkg.manifest.name]);
  run(
    'build',
    [...pnpm, 'exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'],
    scratch.dir,
  );
  // As CI runs it, after the build: the released type tests read the packages' built declarations.
  const gate = run(
    'breaking-change gate against that release',
    [...pnpm, 'run', 'check:breaking'],
    scratch.dir,
  );
  if (!/Released type tests \([0-9a-f]{12}\): \d+ files/.test(gate))
    problems.push(`the breaking-change gate did not type-check the release's type tests:\n${gate}`);

  const outside = mkdtempSync(join(tmpdir(), 'svc-registry-'));
  folders.push(outside);
  const packageDirs = published.map((pkg) => pkg.dir);
  const natives = packPrebuilts(packageDirs, join(outside, 'storage', 'prebuilds'));
  registry = await startRegistry(join(outside, 'storage'));
  say(`  local registry: ${registry.url} (process ${registry.pid})`);
  const { served, fetched } = publishToRegistry({ root: scratch.dir, registry, folder: outside });
  const toolDirs = [scratch.dir, ...packageDirs];
  problems.push(...checkTarballs({ published, before, requested, tarballOf: served, toolDirs }));
  // The README's way today, from tarballs: the ones the registry serves, one per public package.
  problems.push(...followTarballQuickStart({ repo, scratch: outside, tarballs: fetched, published }));

  const steps = releasedSteps(repo);
  for (const name of steps.names)
    if (!versions.has(name)) problems.push(`the README installs ${name}, which is no public package`);
  const partner = partnerProject({
    registry: registry.url,
    readmeLines: steps.lines,
    installs: [...versions.keys()].filter((name) => !steps.names.includes(name)),
    peers: optionalPeers(published),
    versions,
    env: prebuiltHosts(natives, registry.url),
  });
  folders.push(partner.dir, partner.byName);
  problems.push(...partner.problems);

  const walk = { firstCall: firstCall(repo), imports: [...versions.keys()], byName: partner.byName };
  writeFileSync(join(partner.dir, 'walk.json'), JSON.stringify(walk));
  copyFileSync(WALK, join(partner.dir, 'partner-walk.mjs'));
  for (const line of NODE_LINES) {
    const binary = line === Number(process.versions.node.split('.')[0]) ? undefined : nodeBinary(line);
    const env = binary ? onNode(binary, partnerEnv()) : partnerEnv();
    const walked = spawnTool(['node', 'partner-walk.mjs', 'walk.json'], partner.dir, { env, inherit: true });
    if (walked.status !== 0)
      problems.push(`the partner's walk failed on Node ${binary?.version ?? process.version}`);
  }
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  await registry?.stop();
  if (keep) say(`kept: ${folders.join(', ')}`);
  else for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
if (releaseState(repo) !== repoBefore)
  problems.push('changesets, manifests, changelogs or the released spec of the repository changed');
if (problems.length > 0) {
  process.stderr.write(
    `\nRelease rehearsal found ${problems.length} problem(s):\n- ${problems.join('\n- ')}\n`,
  );
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
say(
  `\nRelease rehearsal: published, installed by name and walked on Node ${NODE_LINES.join(', ')} in ${seconds} s.`,
);
