// A partner's project outside the repository, installing the published packages by name from the
// rehearsal's registry (one `@svc:registry` line in its .npmrc, as a partner with a private registry
// writes it; every other dependency comes from their usual registry), then checking what they got:
// the released versions, a complete dependency tree, no link or `workspace:` range from our workspace,
// and every bin answering --help, the npx ones fetched by name.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * @param {{ registry: string, installs: string[], npx: string[], versions: Map<string, string>,
 *   env: Record<string, string> }} input the registry, what to install by name and run by name with npx,
 *   the released versions, and the environment a partner's machine would add (where prebuilt binaries come from)
 * @returns {{ dir: string, problems: string[] }}
 */
export function partnerProject({ registry, installs, npx, versions, env: machine }) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-partner-'));
  say(`\nA partner's project in ${dir}, installing from ${registry}`);
  writeFileSync(join(dir, '.npmrc'), `@svc:registry=${registry}\n`);
  const env = {
    ...partnerEnv(),
    ...machine,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  run('npm init', ['npm', 'init', '-y'], dir, { quiet: true, env });
  run(`npm install ${installs.join(' ')}`, ['npm', 'install', ...installs], dir, { env });
  const problems = [];
  for (const name of installs) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    const version = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : 'nothing';
    if (version !== versions.get(name))
      problems.push(`${name}: npm installed ${version}, the release is ${versions.get(name)}`);
  }
  const tree = spawnSync('npm', ['ls', '--all'], { cwd: dir, encoding: 'utf8', env });
  if (tree.status !== 0)
    problems.push(`npm ls --all: the installed tree is incomplete or invalid:\n${tree.stdout}${tree.stderr}`);
  const scope = join(dir, 'node_modules', '@svc');
  for (const folder of readdirSync(scope)) {
    const path = join(scope, folder);
    if (lstatSync(path).isSymbolicLink())
      problems.push(`node_modules/@svc/${folder} is a link, not an installed package`);
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'])
      for (const [name, range] of Object.entries(manifest[field] ?? {}))
        if (String(range).startsWith('workspace:'))
          problems.push(`@svc/${folder}: ${field}.${name} is ${range}`);
    for (const bin of Object.keys(
      typeof manifest.bin === 'string' ? { [folder]: 1 } : (manifest.bin ?? {}),
    )) {
      const help = spawnSync('npx', [bin, '--help'], { cwd: dir, encoding: 'utf8', env, timeout: 60_000 });
      if (help.status !== 0)
        problems.push(`npx ${bin} --help exited ${help.status}:\n${help.stdout}${help.stderr}`);
      else say(`  npx ${bin} --help: ok`);
    }
  }
  for (const name of npx) {
    const help = spawnSync('npx', ['-y', name, '--help'], {
      cwd: dir,
      encoding: 'utf8',
      env,
      timeout: 300_000,
    });
    if (help.status !== 0)
      problems.push(`npx -y ${name} --help exited ${help.status}:\n${help.stdout}${help.stderr}`);
    else say(`  npx -y ${name} --help (fetched by name): ok`);
  }
  return { dir, problems };
}
