// A partner's project outside the repository, installing the published packages by name from the
// rehearsal's registry (one `@svc:registry` line in its .npmrc, as a partner with a private registry
// writes it; every other dependency comes from their usual registry): the README's "Once published"
// lines as written, then every other public package by name, and the optional peers the README asks for
// on Node 20. Then it checks what the partner got: the released versions, a complete dependency tree, no
// link or `workspace:` range from our workspace, and every installed bin answering --help. A second,
// empty folder with the same .npmrc is where the walk runs servers by name (`npx -y @svc/sandbox`).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, say } from '../scratch-copy.mjs';

/**
 * The environment of a partner's shell: this process's, without what pnpm and npm set for the script
 * running now (`npm_config_*`, `npm_package_*`, …), which a partner's npm would read as their settings.
 */
export function partnerEnv(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^(npm_|pnpm_|PNPM_)/i.test(name)));
}

/** A new folder outside the repository whose npm resolves `@svc/*` from the registry. */
function folder(/** @type {string} */ prefix, /** @type {string} */ registry) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, '.npmrc'), `@svc:registry=${registry}\n`);
  return dir;
}

/**
 * @param {{ registry: string, readmeLines: string[], installs: string[], peers: string[],
 *   versions: Map<string, string>, env: Record<string, string> }} input the registry; the README's install
 *   lines; the other packages to install by name; optional peers as `name@version`; the released
 *   versions; what a partner's machine adds to the environment (where prebuilt binaries come from)
 * @returns {{ dir: string, byName: string, problems: string[] }}
 */
export function partnerProject({ registry, readmeLines, installs, peers, versions, env: machine }) {
  const dir = folder('svc-partner-', registry);
  const byName = folder('svc-by-name-', registry);
  say(`\nA partner's project in ${dir}, installing from ${registry}`);
  const env = {
    ...partnerEnv(),
    ...machine,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  run('npm init', ['npm', 'init', '-y'], dir, { quiet: true, env });
  for (const line of readmeLines) run(`README: ${line}`, ['sh', '-c', line], dir, { env });
  if (installs.length > 0)
    run(`npm install ${installs.join(' ')}`, ['npm', 'install', ...installs], dir, { env });
  if (peers.length > 0) run(`npm install ${peers.join(' ')}`, ['npm', 'install', ...peers], dir, { env });
  const problems = [];
  for (const [name, released] of versions) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    const version = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : 'nothing';
    if (version !== released) problems.push(`${name}: npm installed ${version}, the release is ${released}`);
  }
  const tree = spawnSync('npm', ['ls', '--all'], { cwd: dir, encoding: 'utf8', env });
  if (tree.status !== 0)
    problems.push(`npm ls --all: the installed tree is incomplete or invalid:\n${tree.stdout}${tree.stderr}`);
  const scope = join(dir, 'node_modules', '@svc');
  for (const name of readdirSync(scope)) {
    const path = join(scope, name);
    if (lstatSync(path).isSymbolicLink())
      problems.push(`node_modules/@svc/${name} is a link, not an installed package`);
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'])
      for (const [dependency, range] of Object.entries(manifest[field] ?? {}))
        if (String(range).startsWith('workspace:'))
          problems.push(`@svc/${name}: ${field}.${dependency} is ${range}`);
    for (const bin of Object.keys(typeof manifest.bin === 'string' ? { [name]: 1 } : (manifest.bin ?? {}))) {
      const help = spawnSync('npx', [bin, '--help'], { cwd: dir, encoding: 'utf8', env, timeout: 60_000 });
      if (help.status !== 0)
        problems.push(`npx ${bin} --help exited ${help.status}:\n${help.stdout}${help.stderr}`);
      else say(`  npx ${bin} --help: ok`);
    }
  }
  return { dir, byName, problems };
}

/**
 * The optional peer dependencies of the public packages that are none of ours (better-sqlite3 for the
 * sync's SQLite store on Node 20, as the README says), at the version the workspace tests with.
 * @param {Array<{ dir: string, manifest: any }>} published
 */
export function optionalPeers(published) {
  const ours = new Set(published.map((pkg) => pkg.manifest.name));
  return published.flatMap((pkg) =>
    Object.entries(pkg.manifest.peerDependenciesMeta ?? {})
      .filter(([name, meta]) => meta?.optional && !ours.has(name))
      .map(([name]) => {
        const manifest = createRequire(join(pkg.dir, 'package.json')).resolve(`${name}/package.json`);
        return `${name}@${JSON.parse(readFileSync(manifest, 'utf8')).version}`;
      }),
  );
}
