// Release rehearsal: the whole road from changesets to a partner's project, on this machine. In a
// scratch copy: the release as the team cuts it (`pnpm version-packages`, committed), the breaking-change
// gate against that release, the build, `changeset publish` of every public package to a local registry
// on loopback, the tarball checks on what the registry serves, then a partner's project outside the
// repository installing by name from it, and their first hour (partner/partner-walk.mjs) on every
// supported Node line. Exits 1 when a published package cannot be installed by name and used.
// The registry is stopped by its process id; nothing of the repository changes. `--keep` keeps the folders.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary, onNode } from '../node-lines/node-binary.mjs';
import { NODE_LINES } from '../node-lines/supported-node.mjs';
import { partnerEnv, partnerProject } from './partner/partner-project.mjs';
import { firstCall, releasedSteps } from './quick-start.mjs';
import { startRegistry } from './registry/local-registry.mjs';
import { packPrebuilts, prebuiltHosts } from './registry/prebuilt-binaries.mjs';
import { commitAll, releaseState, run, say, scratchCopy } from './scratch-copy.mjs';
import { checkTarballs, requestedBumps } from './tarball-checks.mjs';
import { pnpm, spawnTool, workspacePackages } from './workspace.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WALK = fileURLToPath(new URL('./partner/partner-walk.mjs', import.meta.url));
const keep = process.argv.includes('--keep');
/** @type {string[]} */
const problems = [];
const folders = /** @type {string[]} */ ([]);
const started = Date.now();
const repoBefore = releaseState(repo);
say('Release rehearsal');
const scratch = scratchCopy(repo, 'svc-release-rehearsal-');
folders.push(scratch.dir);
/** @type {Awaited<ReturnType<typeof startRegistry>> | undefined} */
let registry;
try {
  run('install', [...pnpm, 'install', '--frozen-lockfile', '--prefer-offline'], scratch.dir);
  const before = new Map(
    workspacePackages(scratch.dir).map((pkg) => [pkg.manifest.name, pkg.manifest.version]),
  );
  const requested = requestedBumps(scratch.dir);
  run('pnpm version-packages', [...pnpm, 'run', 'version-packages'], scratch.dir);
  commitAll(scratch.dir, 'Release');
  const published = workspacePackages(scratch.dir).filter((pkg) => pkg.manifest.private !== true);
  const versions = new Map(published.map((pkg) => [pkg.manifest.name, pkg.manifest.version]));
  const filters = published.flatMap((pkg) => ['--filter', pkg.manifest.name]);
  run(
    'build',
    [...pnpm, 'exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'],
    scratch.dir,
  );
  // As CI runs it after the build: the released type tests read the packages' built declarations.
  const gate = run(
    'breaking-change gate against that release',
    [...pnpm, 'run', 'check:breaking'],
    scratch.dir,
  );
  if (!/Released type tests \([0-9a-f]{12}\): \d+ files/.test(gate))
    problems.push(`the breaking-change gate did not type-check the release's type tests:\n${gate}`);

  const outside = mkdtempSync(join(tmpdir(), 'svc-registry-'));
  folders.push(outside);
  const natives = packPrebuilts(
    published.map((pkg) => pkg.dir),
    join(outside, 'storage', 'prebuilds'),
  );
  registry = await startRegistry(join(outside, 'storage'));
  say(`  local registry: ${registry.url} (process ${registry.pid})`);
  if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(registry.url))
    throw new Error(`refusing to publish to ${registry.url}`);
  // Only this file's credentials: no token of the public registry is in reach, and every @svc name
  // resolves to the local registry (changesets reads the scope's registry from the environment).
  const userconfig = join(outside, 'publisher.npmrc');
  const host = registry.url.replace(/^http:/, '');
  writeFileSync(userconfig, `@svc:registry=${registry.url}\n${host}:_authToken=${registry.token}\n`);
  const publishEnv = {
    ...process.env,
    npm_config_userconfig: userconfig,
    npm_config_registry: registry.url,
    'npm_config_@svc:registry': registry.url,
  };
  run('changeset publish', [...pnpm, 'exec', 'changeset', 'publish'], scratch.dir, { env: publishEnv });

  const fetched = join(outside, 'fetched');
  mkdirSync(fetched);
  /** What the registry serves for a package: `npm pack name@version` fetches its tarball. */
  const served = (/** @type {{ manifest: any }} */ pkg) => {
    const spec = `${pkg.manifest.name}@${pkg.manifest.version}`;
    const out = run(`fetch ${spec}`, ['npm', 'pack', spec, '--json'], fetched, {
      quiet: true,
      env: publishEnv,
    });
    return join(fetched, JSON.parse(out)[0].filename);
  };
  const toolDirs = [scratch.dir, ...published.map((pkg) => pkg.dir)];
  problems.push(...checkTarballs({ published, before, requested, tarballOf: served, toolDirs }));

  const steps = releasedSteps(repo);
  const installs = published.map((pkg) => pkg.manifest.name).filter((name) => !steps.npx.includes(name));
  for (const name of steps.installs)
    if (!installs.includes(name)) problems.push(`the README installs ${name}, which is no public package`);
  const partner = partnerProject({
    registry: registry.url,
    installs,
    npx: steps.npx,
    versions,
    env: prebuiltHosts(natives, registry.url),
  });
  folders.push(partner.dir);
  problems.push(...partner.problems);

  writeFileSync(
    join(partner.dir, 'walk.json'),
    JSON.stringify({ firstCall: firstCall(repo), imports: installs }),
  );
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
  if (!keep) for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  else say(`kept: ${folders.join(', ')}`);
}
if (releaseState(repo) !== repoBefore)
  problems.push(
    'changesets, manifests, changelogs or the released spec of the repository changed during the rehearsal',
  );
if (problems.length > 0) {
  process.stderr.write(
    `\nRelease rehearsal found ${problems.length} problem(s):\n- ${problems.join('\n- ')}\n`,
  );
  process.exit(1);
}
say(
  `\nRelease rehearsal: published, installed by name and walked on Node ${NODE_LINES.join(', ')} ` +
    `in ${((Date.now() - started) / 1000).toFixed(0)} s. The repository was not changed.`,
);
