// The rehearsal's registry: on loopback, a publisher's token, the prebuilt binaries where
// prebuild-install asks for them, 4xx for what it does not have, and gone once stopped by its id.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerEnv } from '../../partner/partner-project.mjs';
import { startRegistry } from '../../registry/local-registry.mjs';
import { prebuiltHosts } from '../../registry/prebuilt-binaries.mjs';

const storage = mkdtempSync(join(tmpdir(), 'svc-registry-test-'));
let registry: Awaited<ReturnType<typeof startRegistry>>;

beforeAll(async () => {
  mkdirSync(join(storage, 'prebuilds'), { recursive: true });
  writeFileSync(join(storage, 'prebuilds', 'native-v1.0.0-node-v115-linux-x64.tar.gz'), 'the binary');
  registry = await startRegistry(storage);
});
afterAll(async () => {
  await registry?.stop();
  rmSync(storage, { recursive: true, force: true });
});

describe('the local registry', () => {
  it('listens on loopback and signs a publisher in', async () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(registry.token.length).toBeGreaterThan(10);
    expect((await fetch(new URL('@svc%2fclient', registry.url))).status).toBe(404);
  });

  it('serves a prebuilt binary at the path prebuild-install asks for, and 4xx for anything else', async () => {
    const [[name, host]] = Object.entries(prebuiltHosts(['native'], registry.url)) as [[string, string]];
    expect(name).toBe('npm_config_native_binary_host');
    const binary = await fetch(`${host}/v1.0.0/native-v1.0.0-node-v115-linux-x64.tar.gz`);
    expect([binary.status, await binary.text()]).toEqual([200, 'the binary']);
    expect((await fetch(`${host}/v1.0.0/other.tar.gz`)).status).toBe(404);
    expect((await fetch(`${host}/v1.0.0/%E0%A4%A.tar.gz`)).status).toBe(400);
  });

  it('is gone once stopped by its process id', async () => {
    await registry.stop();
    expect(() => process.kill(registry.pid, 0)).toThrow();
  });
});

describe("a partner's environment", () => {
  it("keeps the shell's variables and drops what pnpm and npm set for the running script", () => {
    const env = partnerEnv({
      PATH: '/bin',
      HOME: '/root',
      npm_config_registry: 'x',
      npm_package_name: 'y',
      PNPM_HOME: 'z',
    });
    expect(env).toEqual({ PATH: '/bin', HOME: '/root' });
  });
});
