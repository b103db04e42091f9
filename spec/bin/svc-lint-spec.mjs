#!/usr/bin/env node
// Runs `redocly lint` and fails on warnings too: the spec must lint with zero problems,
// and Redocly itself only fails on errors. Exceptions belong in spec/.redocly.lint-ignore.yaml.
import { spawnSync } from 'node:child_process';

// Arguments: the document and its config, default the main spec's (the sandbox's control API passes its own).
const [document = 'openapi.yaml', config = 'redocly.yaml'] = process.argv.slice(2);
const result = spawnSync('redocly', ['lint', document, '--config', config, '--format', 'stylish'], {
  encoding: 'utf8',
  shell: process.platform === 'win32',
});
// Redocly prints a Node 20 deprecation box on stderr; keep only what is about the spec.
const stderr = result.stderr
  .split('\n')
  .filter((line) => !/[\u2500-\u257f]|deprecat|Node\.?js/i.test(line))
  .join('\n')
  .trim();
process.stdout.write(result.stdout);
if (stderr) process.stderr.write(`${stderr}\n`);
const warnings = /(\d+) warnings?/.exec(result.stdout + result.stderr);
if (result.status !== 0) process.exit(result.status ?? 1);
if (warnings && Number(warnings[1]) > 0) {
  process.stderr.write(
    'lint:spec: warnings count as failures; fix them or add a reasoned entry to spec/.redocly.lint-ignore.yaml\n',
  );
  process.exit(1);
}
