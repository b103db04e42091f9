// Issue 23: every TypeScript sample of the reference runs as pasted, against a sandbox served from
// this process: the client from SVC_API_KEY and SVC_BASE_URL, ids from earlier calls, no throw.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const samplesDir = fileURLToPath(new URL('../../src/generated/code-samples/', import.meta.url));
const samples = readdirSync(samplesDir).filter((name) => name.endsWith('.ts'));
const PDF = new Uint8Array([
  0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0x25, 0x45, 0x4f, 0x46,
]);

let server: SandboxServer;
let workDir: string;
const startDir = process.cwd();
const saved = { key: process.env.SVC_API_KEY, url: process.env.SVC_BASE_URL };

beforeAll(async () => {
  const apiKey = 'sk_test_samples';
  server = await serveSandbox(createSandbox({ apiKey, strict: true }), { port: 0 });
  process.env.SVC_API_KEY = apiKey;
  process.env.SVC_BASE_URL = server.url;
  // The samples read `report.pdf` from where they run, as a partner's script would.
  workDir = mkdtempSync(join(tmpdir(), 'svc-samples-'));
  writeFileSync(join(workDir, 'report.pdf'), PDF);
  process.chdir(workDir);
});

afterAll(async () => {
  process.chdir(startDir);
  rmSync(workDir, { recursive: true, force: true });
  await server?.close();
  for (const [name, value] of [
    ['SVC_API_KEY', saved.key],
    ['SVC_BASE_URL', saved.url],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe('issue 23: the reference samples run as pasted', () => {
  it('has a sample for every operation', () => {
    expect(samples.length).toBeGreaterThanOrEqual(28);
  });

  it.each(samples)('runs %s against the sandbox without throwing or printing an error', async (name) => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    const failed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await import(join(samplesDir, name));
      expect(failed.mock.calls).toEqual([]);
      expect(printed).toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      failed.mockRestore();
    }
  });
});
