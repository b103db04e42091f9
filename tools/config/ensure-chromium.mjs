// The API-reference and browser tests drive Debian's Chromium. Installs it when missing, so the README's
// test command works on a fresh machine; never a browser download of a test tool's own.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!hasApt || process.getuid?.() !== 0) {
  process.stderr.write(
    `Chromium not found at ${path}. Install Debian's package (apt-get update && apt-get install -y chromium)` +
      ' as root, or set CHROMIUM_PATH to a Chromium build.\n',
  );
  process.exit(1);
}
process.stdout.write(`Chromium not found at ${path}: installing Debian's chromium package\n`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(path)) {
  process.stderr.write(`chromium is installed but ${path} does not exist: set CHROMIUM_PATH\n`);
  process.exit(1);
}
