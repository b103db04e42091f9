// `svc-codegen <target>` writes into the package in the current folder: anywhere else it says which
// package it writes and how to run it, in one line, exits 1 and writes nothing.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/svc-codegen.js', import.meta.url));
const run = promisify(execFile);

async function codegen(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [BIN, ...args], { cwd });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('svc-codegen run outside the package it writes into', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-codegen-'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: '@svc/types' }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses another package, names the right one, and writes nothing', async () => {
    const { code, stderr } = await codegen(['client'], dir);
    expect(code).toBe(1);
    expect(stderr).toBe(
      "svc-codegen: client writes @svc/client's src/generated/; run it in that package's folder " +
        '(pnpm --filter @svc/client generate), not in @svc/types\n',
    );
    expect(existsSync(join(dir, 'src'))).toBe(false);
  });

  it('answers an unknown target with the usage line', async () => {
    const { code, stderr } = await codegen(['everything'], dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^svc-codegen: usage: svc-codegen <types\|client\|sandbox-control>, .*\n$/);
  });
});
