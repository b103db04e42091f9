// @svc/sync's tests start throwaway PostgreSQL 15 and Redis servers. Installs Debian's packages when
// they are missing, so the README's test command works on a fresh machine (as ensure-chromium.mjs does).

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
];
const missing = needs.filter((need) => !existsSync(need.path));
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
  if (!existsSync(need.path)) {
    process.stderr.write(`${need.pkg} is installed but ${need.path} does not exist: set ${need.env}\n`);
    process.exit(1);
  }
}
