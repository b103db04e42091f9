// A native dependency's prebuilt tarball holds its module alone, named as prebuild-install asks for it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packPrebuilts } from '../../registry/prebuilt-binaries.mjs';

const root = mkdtempSync(join(tmpdir(), 'svc-prebuilt-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A package depending on (or peering) `native-thing`, installed with prebuild-install and built. */
function workspace(field: 'dependencies' | 'peerDependencies', builtFiles: string[]) {
  const pkg = join(root, field);
  const native = join(pkg, 'node_modules', 'native-thing');
  mkdirSync(join(native, 'build', 'Release'), { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'ours', [field]: { 'native-thing': '1.2.3' } }),
  );
  const install = 'prebuild-install || node-gyp rebuild --release';
  writeFileSync(
    join(native, 'package.json'),
    JSON.stringify({ name: 'native-thing', version: '1.2.3', scripts: { install } }),
  );
  for (const file of builtFiles) writeFileSync(join(native, 'build', 'Release', file), file);
  return pkg;
}

describe('prebuilt binaries for the rehearsal registry', () => {
  it('packs the module alone, not a test extension beside it, for a dependency or a peer', () => {
    const out = join(root, 'prebuilds');
    const packed = packPrebuilts(
      [
        workspace('dependencies', ['native_thing.node', 'test_extension.node']),
        workspace('peerDependencies', ['native_thing.node']),
      ],
      out,
    );
    expect(packed).toEqual(['native-thing']);
    const file = `native-thing-v1.2.3-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    expect(execFileSync('tar', ['-tzf', join(out, file)], { encoding: 'utf8' }).trim()).toBe(
      'build/Release/native_thing.node',
    );
  });
});
