// What the tests need from Debian besides Chromium (ensure-chromium.mjs): @svc/sync's tests start
// throwaway PostgreSQL 15 and Redis servers, and the API reference's curl samples run with bash, curl,
// jq and uuidgen. Installs the missing packages, so the README's test command works on a fresh machine.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  {
    path: `${process.env.SVC_PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb`,
    pkg: 'postgresql',
    env: 'SVC_PG_BIN',
  },
  {
    path: process.env.SVC_REDIS_SERVER ?? '/usr/bin/redis-server',
    pkg: 'redis-server',
    env: 'SVC_REDIS_SERVER',
  },
  ...[
    { command: 'curl', pkg: 'curl' },
    { command: 'jq', pkg: 'jq' },
    { command: 'uuidgen', pkg: 'uuid-runtime' },
  ].map(({ command, pkg }) => ({ path: `/usr/bin/${command}`, pkg, env: 'PATH' })),
];
/** A tool is there when its file is, or (for commands) when the shell finds it on PATH. */
const present = (/** @type {{ path: string, pkg: string, env: string }} */ need) =>
  existsSync(need.path) ||
  (need.env === 'PATH' &&
    spawnSync('sh', ['-c', `command -v ${need.path.split('/').pop()}`], { stdio: 'ignore' }).status === 0);
const missing = needs.filter((need) => !present(need));
if (missing.length === 0) process.exit(0);

const names = missing.map((need) => need.pkg).join(' ');
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!hasApt || process.getuid?.() !== 0) {
  process.stderr.write(
    `${missing.map((need) => need.path).join(' and ')} not found. Install Debian's packages (apt-get update && apt-get install -y ${names})` +
      ` as root, or point ${missing.map((need) => need.env).join(' / ')} at them.\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `${missing.map((need) => need.path).join(', ')} not found: installing Debian's ${names}\n`,
);
// Installing must not start the packages' own services: the tests start their servers themselves.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
for (const args of [
  ['update'],
  ['install', '-y', '--no-install-recommends', ...missing.map((need) => need.pkg)],
]) {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=120', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
for (const need of missing) {
  if (!present(need)) {
    process.stderr.write(`${need.pkg} is installed but ${need.path} does not exist: set ${need.env}\n`);
    process.exit(1);
  }
}
