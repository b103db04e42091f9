// What the release scripts (pack-all, release-dry-run) share: how to run pnpm and other tools, and the
// workspace's packages.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** pnpm as the script was started (`npx pnpm@… <script>` puts no `pnpm` on PATH), else from PATH. */
export const pnpm = /pnpm\.c?js$/.test(process.env.npm_execpath ?? '')
  ? [process.execPath, process.env.npm_execpath ?? '']
  : ['pnpm'];

/**
 * Runs `command` in `cwd` without telemetry or colour; the caller reads the status. Its output is
 * captured, or shown as it comes with `inherit`.
 * @param {string[]} command
 * @param {string} cwd
 * @param {{ env?: NodeJS.ProcessEnv, inherit?: boolean }} [options]
 */
export function spawnTool(command, cwd, { env = process.env, inherit = false } = {}) {
  const [file = '', ...args] = command;
  return spawnSync(file, args, {
    cwd,
    encoding: 'utf8',
    stdio: inherit ? 'inherit' : 'pipe',
    env: { ...env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
  });
}

/** Workspace packages (folders under packages/ with a package.json), with their manifests. */
export function workspacePackages(/** @type {string} */ root) {
  return readdirSync(join(root, 'packages'))
    .map((folder) => join(root, 'packages', folder))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({
      dir,
      path: relative(root, dir).split(sep).join('/'),
      manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    }));
}
