// `pnpm test:node-lines`: the published packages' tests on the supported Node lines other than the
// machine's (which runs the full suite in `pnpm test`). Each public package runs its `test:node-lines`
// script (the part of its tests that Node's version can change: transports, crypto, stores, servers,
// its end-to-end walk), or its whole `test` when it has none. Builds come from the machine's Node (the
// packages ship built code); only the tests run on the other line. Exits 1 when any line fails.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnTool, workspacePackages } from '../release/workspace.mjs';
import { nodeBinary, onNode } from './node-binary.mjs';
import { otherLines } from './supported-node.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const published = workspacePackages(repo).filter((pkg) => pkg.manifest.private !== true);
const ownPart = published.filter((pkg) => pkg.manifest.scripts?.['test:node-lines']);
const whole = published.filter((pkg) => !pkg.manifest.scripts?.['test:node-lines']);
for (const pkg of whole) say(`${pkg.manifest.name} has no test:node-lines script: its whole suite runs`);

/** @type {string[]} */
const failed = [];
for (const line of otherLines()) {
  const started = Date.now();
  const binary = nodeBinary(line);
  say(`\nNode ${binary.version} (${binary.execPath})`);
  for (const [task, packages] of /** @type {const} */ ([
    ['test:node-lines', ownPart],
    ['test', whole],
  ])) {
    if (packages.length === 0) continue;
    const filters = packages.flatMap((pkg) => ['--filter', pkg.manifest.name]);
    // SVC_NODE_LINE is in the tasks' turbo env, so a run on 22 is never a cache hit of one on 20.
    const result = spawnTool(
      [
        process.execPath,
        'tools/checks/turbo-run.mjs',
        task,
        ...filters,
        '--concurrency=2',
        '--continue',
        '--output-logs=new-only',
      ],
      repo,
      { env: onNode(binary, { ...process.env, SVC_NODE_LINE: String(line) }), inherit: true },
    );
    if (result.status !== 0)
      failed.push(`Node ${binary.version}: turbo run ${task} failed (exit ${result.status})`);
  }
  say(`Node ${binary.version}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
if (failed.length > 0) {
  process.stderr.write(`\n${failed.join('\n')}\n`);
  process.exit(1);
}
say(`\nThe published packages pass on Node ${otherLines().join(' and ')} too.`);
