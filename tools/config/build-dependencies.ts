// Shared vitest globalSetup: `pnpm --filter <pkg> test` (or `vitest` in a package) builds what the
// tests read first (the bundled spec, the dependencies' dist/ and the package's own build), exactly
// as turbo's `test` task does through `dependsOn`. Under turbo that already happened, so it does nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export default function buildDependencies(project: TestProject): void {
  // turbo sets TURBO_HASH for every task it runs; its `test` task depends on `^build` and `build`.
  if (process.env.TURBO_HASH) return;
  const { name } = JSON.parse(readFileSync(join(project.config.root, 'package.json'), 'utf8')) as {
    name: string;
  };
  // With vitest projects each project runs the global setup: build once per process.
  if (process.env.SVC_TEST_DEPENDENCIES_BUILT === name) return;
  const args = ['run', 'build', `--filter=${name}...`, '--output-logs=errors-only', '--concurrency=1'];
  try {
    // A warm run is a turbo cache hit (about a second); the first run builds what is missing.
    execFileSync(join(repoRoot, 'node_modules/.bin/turbo'), args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
    });
  } catch (error) {
    // turbo needs pnpm on PATH: true under `pnpm …`, not always under a bare `npx vitest`.
    throw new Error(
      `Could not build what ${name}'s tests need. Run them the pnpm way (pnpm --filter ${name} test) or build first: pnpm turbo ${args.join(' ')}`,
      { cause: error },
    );
  }
  process.env.SVC_TEST_DEPENDENCIES_BUILT = name;
}
