// Fails when regenerating changed any committed generated file: run after `turbo run generate`.
import { execFileSync } from 'node:child_process';

const status = execFileSync('git', ['status', '--porcelain', '--', 'packages/*/src/generated/*'], {
  encoding: 'utf8',
});
if (status.trim() !== '') {
  process.stderr.write(
    `Generated code is stale or was edited by hand:\n${status}\n` +
      'Fix: run `pnpm generate` and commit the files under packages/*/src/generated.\n',
  );
  process.exit(1);
}
process.stdout.write('Generated code is fresh.\n');
