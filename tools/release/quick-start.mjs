// The README's quick start, read from the README itself so CI follows what partners read: the tarball
// install lines ("Today: from packed tarballs"), the by-name lines ("Once released"), and first-call.mjs
// with the output it promises.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, say } from './scratch-copy.mjs';

const readme = (/** @type {string} */ repo) => readFileSync(join(repo, 'README.md'), 'utf8');

/** The lines of the `sh` blocks between two markers of the README. */
function shellLines(/** @type {string} */ text, /** @type {string} */ from, /** @type {string} */ to) {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`the README has no section from "${from}" to "${to}"`);
  return [...text.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => (block[1] ?? '').split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/** The README's "Once released" steps: what it installs by name and what it runs with `npx -y`. */
export function releasedSteps(/** @type {string} */ repo) {
  const lines = shellLines(readme(repo), '**Once released**', '`first-call.mjs`');
  const names = (/** @type {string} */ prefix) =>
    lines
      .filter((line) => line.startsWith(prefix))
      .flatMap((line) => line.slice(prefix.length).trim().split(/\s+/));
  return { installs: names('npm install '), npx: names('npx -y ') };
}

/** first-call.mjs as the README prints it, and the first word of the output it shows (a user id). */
export function firstCall(/** @type {string} */ repo) {
  const text = readme(repo);
  const code = /`first-call\.mjs`:\s*```js\n([\s\S]*?)```/.exec(text)?.[1];
  const output = /\$ node first-call\.mjs\n([\s\S]*?)```/.exec(text)?.[1];
  if (!code || !output) throw new Error('the README has no first-call.mjs with its output');
  return { code, output: output.trim() };
}

/**
 * Follows the README's tarball quick start into a new project: its `npm install` lines, run as written
 * with SVC_PACKAGES naming the packed folder; then checks the sandbox is a dev dependency and imports
 * every package as a partner's code would.
 * @param {{ repo: string, scratch: string, tarballs: string, published: Array<{ manifest: any }> }} input
 * @returns {string[]} problems
 */
export function followTarballQuickStart({ repo, scratch, tarballs, published }) {
  const project = join(scratch, 'svc-quick-start');
  mkdirSync(project);
  run('quick start: npm init', ['npm', 'init', '-y'], project, { quiet: true });
  const installs = shellLines(readme(repo), 'from packed tarballs', '**Once released**').filter((line) =>
    line.startsWith('npm install'),
  );
  if (installs.length === 0) throw new Error('the README quick start has no `npm install` line to follow');
  for (const line of installs) {
    const result = spawnSync('sh', ['-c', line], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, SVC_PACKAGES: tarballs, npm_config_audit: 'false', npm_config_fund: 'false' },
    });
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout}${result.stderr}`);
      throw new Error(`the README quick start failed at: ${line}`);
    }
  }
  say(`  quick start: ${installs.length} README install steps`);
  const problems = [];
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  if (!manifest.devDependencies?.['@svc/sandbox'])
    problems.push('quick start: the README installs @svc/sandbox, but not as a dev dependency');
  if (manifest.dependencies?.['@svc/sandbox'])
    problems.push('quick start: the README puts @svc/sandbox in production dependencies');
  const script = `${published.map((pkg) => `await import(${JSON.stringify(pkg.manifest.name)});`).join('\n')}\n`;
  run('quick start: import every package', [process.execPath, '--input-type=module', '-e', script], project);
  return problems;
}
