// A published package asks for the other workspace packages it runs on by a caret range
// (`workspace:^`, published as `^0.1.0`), never by `workspace:*`, which publishes as the exact version:
// a partner holding another patch of @svc/client would get a second copy, with its own error classes.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from '../../release/workspace.mjs';

const repo = resolve(import.meta.dirname, '../../..');
const RUNTIME = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;
/** What pnpm publishes as a range (`^0.1.0`, `~0.1.0`); `workspace:*` and `workspace:0.1.0` publish one version. */
const RANGES = new Set(['workspace:^', 'workspace:~']);

describe('the ranges published packages ask for', () => {
  it('are never workspace:* (or an exact workspace version) in dependencies or peerDependencies', () => {
    const published = workspacePackages(repo).filter((pkg) => pkg.manifest.private !== true);
    expect(published.length).toBeGreaterThan(0);
    const exact = published.flatMap((pkg) =>
      RUNTIME.flatMap((kind) =>
        Object.entries((pkg.manifest[kind] ?? {}) as Record<string, string>)
          .filter(([, range]) => range.startsWith('workspace:') && !RANGES.has(range))
          .map(([name, range]) => `${pkg.manifest.name} ${kind} ${name}: ${range}`),
      ),
    );
    expect(exact).toEqual([]);
  });
});
