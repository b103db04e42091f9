// Issue 44: the README's install and console example, as a partner runs them today: @svc/otel packed,
// installed with npm (strict peer resolution, so a peer range that excludes the current
// @opentelemetry/api fails with ERESOLVE) beside the newest OpenTelemetry packages from the registry,
// and the example run on a Node those packages accept (the newest SDK needs Node 22.15+: the registry's
// node@24), against the sandbox over loopback.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'svc-otel-latest-'));
const TSX = createRequire(import.meta.url).resolve('tsx');
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await serveSandbox(createSandbox({ apiKey: 'sk_test_sandbox', clock: 'real' }), { port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The fenced block of `language` that follows `heading` in the README. */
function block(heading: string, language: string): string {
  const section = readme.slice(readme.indexOf(heading));
  const start = section.indexOf(`\`\`\`${language}\n`) + language.length + 4;
  return section.slice(start, section.indexOf('\n```', start));
}

/** The package at `folder` as npm would publish it (workspace ranges made versions): its tarball's path. */
async function pack(folder: string): Promise<string> {
  const out = join(dir, 'packs');
  mkdirSync(out, { recursive: true });
  const { stdout } = await run('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', out], {
    cwd: fileURLToPath(new URL(folder, root)),
  });
  return stdout.trim().split('\n').at(-1) as string;
}

it('installs beside the newest OpenTelemetry packages and runs the README console example on them', async () => {
  const tarballs = await Promise.all(['../types', '../client', '.'].map(pack));
  const project = join(dir, 'partner');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'partner', private: true, type: 'module' }),
  );
  // The README's two install lines, as written, the packed SDK standing in for the published one.
  const installs = block('# @svc/otel', 'sh')
    .split('\n')
    .map((line) => line.replace(/^npm install /, '').split(' '));
  expect(installs[0]?.slice(0, 1)).toEqual(['@svc/otel']);
  await run('npm', ['install', '--no-audit', '--no-fund', ...tarballs, ...(installs[0] ?? []).slice(1)], {
    cwd: project,
  });
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', ...(installs[1] ?? []).map((name) => `${name}@latest`)],
    {
      cwd: project,
    },
  );
  const versionOf = (name: string) =>
    (
      JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  const { stdout: latest } = await run('npm', ['view', '@opentelemetry/sdk-trace', 'version'], {
    cwd: project,
  });
  expect(versionOf('@opentelemetry/sdk-trace')).toBe(latest.trim());
  expect(versionOf('@opentelemetry/api')).toMatch(/^1\.(9|\d\d)\./);

  writeFileSync(join(project, 'console-telemetry.ts'), block('## See it in a console', 'ts'));
  writeFileSync(join(project, 'console.ts'), block('### A call in the console', 'ts'));
  const { stdout } = await run('npx', ['-y', 'node@24', '--import', TSX, 'console.ts'], {
    cwd: project,
    env: { ...process.env, SVC_API_KEY: 'sk_test_sandbox', SVC_BASE_URL: sandbox.url, SVC_LOG: 'off' },
    timeout: 60_000,
  });
  const printed = stdout.split('\n').map((line) => line.trim());
  // The lines the README shows for it, in order (`…` stands for what changes from run to run).
  let at = 0;
  const port = new URL(sandbox.url).port;
  for (const line of block('### A call in the console', 'text').split('\n')) {
    if (line.trim() === '…') continue;
    const pattern = new RegExp(
      `^${line
        .trim()
        .replaceAll('4011', port)
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replaceAll('…', '.*')}$`,
    );
    const found = printed.findIndex((candidate, index) => index >= at && pattern.test(candidate));
    expect(found, `README line not printed (in order): ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}, 600_000);
