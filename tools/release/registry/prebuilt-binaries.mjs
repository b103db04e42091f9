// Prebuilt binaries for the native dependencies and peers of the public packages (those installed with
// prebuild-install, such as better-sqlite3, the sync's SQLite driver on Node 20): on a partner's machine npm downloads one from the
// dependency's release host; here that host cannot be reached and npm would compile it instead. The
// rehearsal's registry serves the binary this workspace built (same version, same Node ABI), under the
// name and path prebuild-install asks for, so the partner's install takes the path a partner's takes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Packs one prebuilt tarball per native dependency into `folder`.
 * @param {string[]} packageDirs the public packages' folders
 * @param {string} folder where the registry serves `/-/prebuilds/` from
 * @returns {string[]} the dependencies' names
 */
export function packPrebuilts(packageDirs, folder) {
  mkdirSync(folder, { recursive: true });
  /** @type {Set<string>} */
  const packed = new Set();
  for (const dir of packageDirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const require = createRequire(join(dir, 'package.json'));
    const names = ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    );
    for (const name of names) {
      if (packed.has(name)) continue;
      let root;
      try {
        root = dirname(require.resolve(`${name}/package.json`));
      } catch {
        continue; // an export map without ./package.json: not a prebuild-install package
      }
      const dependency = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      const release = join(root, 'build', 'Release');
      if (!/prebuild-install/.test(dependency.scripts?.install ?? '') || !existsSync(release)) continue;
      const base = name.replace(/^@[^/]+\//, '');
      // The module itself only: prebuild-install loads the last file it unpacks to check it (a test
      // extension beside it fails that check, and npm compiles after all).
      const built = readdirSync(release).filter((file) => file.endsWith('.node'));
      const own = `${base.replace(/-/g, '_')}.node`;
      const binaries = built.includes(own) ? [own] : built.length === 1 ? built : [];
      if (binaries.length === 0) continue;
      const file = `${base}-v${dependency.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
      execFileSync('tar', [
        '-czf',
        join(folder, file),
        '-C',
        root,
        ...binaries.map((binary) => `build/Release/${binary}`),
      ]);
      packed.add(name);
    }
  }
  return [...packed];
}

/** The environment that points prebuild-install at the registry: `npm_config_<name>_binary_host`. */
export function prebuiltHosts(/** @type {string[]} */ names, /** @type {string} */ registryUrl) {
  return Object.fromEntries(
    names.map((name) => [
      `npm_config_${name.replace(/[^a-zA-Z0-9]/g, '_').replace(/^_/, '')}_binary_host`,
      `${registryUrl}-/prebuilds`,
    ]),
  );
}
