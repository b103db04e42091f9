// The README's quick start, read from the README itself so CI follows what partners read: the tarball
// install lines ("Today: from packed tarballs"), the by-name lines ("Once published"), and first-call.mjs
// with the output it promises (through @svc/tools/readme-snippets, as the README's own tests read it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readmeBlock, recordedRuns } from '../config/readme-snippets.ts';
import { partnerEnv } from './partner/partner-project.mjs';
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

/**
 * The README's "Once published" steps: its `npm install` lines as written (comments are later steps, in
 * words) and the packages they name.
 */
export function releasedSteps(/** @type {string} */ repo) {
  const lines = shellLines(readme(repo), '**Once published**', '\n## ').filter((line) =>
    line.startsWith('npm install'),
  );
  return {
    lines,
    names: lines.flatMap((line) => line.split(/\s+/).filter((word) => word.startsWith('@svc/'))),
  };
}

/** first-call.mjs as the README prints it, and the lines it shows it printing. */
export function firstCall(/** @type {string} */ repo) {
  const file = join(repo, 'README.md');
  const [run] = recordedRuns(readmeBlock(file, 'first-call-output'));
  if (run?.command !== 'node first-call.mjs') throw new Error('the README records no run of first-call.mjs');
  return { code: readmeBlock(file, 'first-call'), output: run.printed.join('\n') };
}

/**
 * Follows the README's tarball quick start into a new project: its `npm install` lines, run as written
 * with SVC_PACKAGES naming the packed folder; then checks the sandbox is a dev dependency and imports
 * every package the steps installed, as a partner's code would.
 * @param {{ repo: string, scratch: string, tarballs: string, published: Array<{ manifest: any }> }} input
 *   `scratch`: where the project is made; `tarballs`: one tarball per public package
 * @returns {string[]} problems
 */
export function followTarballQuickStart({ repo, scratch, tarballs, published }) {
  const project = join(scratch, 'svc-quick-start');
  mkdirSync(project);
  run('quick start: npm init', ['npm', 'init', '-y'], project, { quiet: true });
  const installs = shellLines(readme(repo), 'from packed tarballs', '**Once published**').filter((line) =>
    line.startsWith('npm install'),
  );
  if (installs.length === 0) throw new Error('the README quick start has no `npm install` line to follow');
  for (const line of installs) {
    const result = spawnSync('sh', ['-c', line], {
      cwd: project,
      encoding: 'utf8',
      env: { ...partnerEnv(), SVC_PACKAGES: tarballs, npm_config_audit: 'false', npm_config_fund: 'false' },
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
  // What the steps installed imports as a partner's code imports it (the README installs some packages
  // in other sections: the MCP server, for one).
  const ours = new Set(published.map((pkg) => pkg.manifest.name));
  const installed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
    ours.has(name),
  );
  if (installed.length === 0) problems.push('quick start: the README steps installed none of our packages');
  const script = `${installed.map((name) => `await import(${JSON.stringify(name)});`).join('\n')}\n`;
  run(
    `quick start: import ${installed.join(', ')}`,
    [process.execPath, '--input-type=module', '-e', script],
    project,
  );
  return problems;
}
