import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** Runs one fixture file in a fresh vitest process with the shared setup, as a package's test run does. */
function run(file: string) {
  const result = spawnSync(process.execPath, [vitest, 'run', file, '--config', 'vitest.config.ts'], {
    cwd: fixtures,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the shared vitest setup', () => {
  test('fails the test that set a timer Node had to clamp (TimeoutOverflowWarning)', () => {
    const { code, output } = run('overflowing-timer.test.ts');
    expect(code).not.toBe(0);
    expect(output).toContain('runtime warning during this test');
    expect(output).toContain('TimeoutOverflowWarning');
  });

  test('fails the test that leaked event listeners (MaxListenersExceededWarning)', () => {
    const { code, output } = run('too-many-listeners.test.ts');
    expect(code).not.toBe(0);
    expect(output).toContain('MaxListenersExceededWarning');
  });

  test('fails the run on an unhandled rejection', () => {
    const { code, output } = run('unhandled-rejection.test.ts');
    expect(code).not.toBe(0);
    expect(output).toContain('nobody awaited this');
  });

  test('passes a test that prints no warning', () => {
    const { code, output } = run('clean.test.ts');
    expect(output).toContain('1 passed');
    expect(code).toBe(0);
  });
});
