// A Node binary of another release line, from the registry's `node` package (`npx -y node@22`): the
// binary only, no headers, so native modules cannot be built for it here. Fetched once per machine
// into npm's npx cache.
import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

/**
 * @typedef {{ line: number, version: string, execPath: string }} NodeBinary
 * @type {Map<number, NodeBinary>}
 */
const found = new Map();

/** The newest Node of `line` the registry has; throws with npx's own words when it cannot be had. */
export function nodeBinary(/** @type {number} */ line) {
  const known = found.get(line);
  if (known) return known;
  const result = spawnSync(
    'npx',
    ['-y', `node@${line}`, '-p', 'JSON.stringify([process.version, process.execPath])'],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0)
    throw new Error(`could not get Node ${line} with npx -y node@${line}:\n${result.stderr || result.error}`);
  const [version, execPath] = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '[]');
  const binary = { line, version, execPath };
  found.set(line, binary);
  return binary;
}

/** `env` with the binary's folder first on PATH: `node`, and every `#!/usr/bin/env node` script, run on it. */
export function onNode(/** @type {NodeBinary} */ binary, env = process.env) {
  return { ...env, PATH: `${dirname(binary.execPath)}${delimiter}${env.PATH ?? ''}` };
}
