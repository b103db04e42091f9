// `changeset publish` of every public package to the rehearsal's registry, and what that registry then
// serves for a package (its tarball, fetched as a partner's npm fetches it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../scratch-copy.mjs';
import { pnpm } from '../workspace.mjs';

/**
 * Publishes from `root` (a scratch copy after `changeset version`) to `registry`, with only the
 * registry's own credentials in reach: a user config of our own replaces ~/.npmrc, so no token of the
 * public registry can be used, and every @svc name resolves to the local registry (changesets reads the
 * scope's registry from the environment). Refuses any registry that is not on loopback.
 * @param {{ root: string, registry: { url: string, token: string }, folder: string }} input
 * @returns {{ env: NodeJS.ProcessEnv, fetched: string, served: (pkg: { manifest: any }) => string }}
 *   `served` fetches a package's tarball into `fetched` and answers its path
 */
export function publishToRegistry({ root, registry, folder }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(registry.url))
    throw new Error(`refusing to publish to ${registry.url}`);
  const userconfig = join(folder, 'publisher.npmrc');
  writeFileSync(
    userconfig,
    `@svc:registry=${registry.url}\n${registry.url.replace(/^http:/, '')}:_authToken=${registry.token}\n`,
  );
  const env = {
    ...process.env,
    npm_config_userconfig: userconfig,
    npm_config_registry: registry.url,
    'npm_config_@svc:registry': registry.url,
  };
  run('changeset publish', [...pnpm, 'exec', 'changeset', 'publish'], root, { env });
  const fetched = join(folder, 'fetched');
  mkdirSync(fetched, { recursive: true });
  return {
    env,
    fetched,
    served(pkg) {
      const spec = `${pkg.manifest.name}@${pkg.manifest.version}`;
      const out = run(`fetch ${spec}`, ['npm', 'pack', spec, '--json'], fetched, { quiet: true, env });
      return join(fetched, JSON.parse(out)[0].filename);
    },
  };
}
