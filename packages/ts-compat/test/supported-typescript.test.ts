import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const consumer = new URL('./fixtures/consumer/', import.meta.url);
const sandboxConsumer = new URL('./fixtures/sandbox-consumer/', import.meta.url);
const configs = ['tsconfig.json', 'tsconfig.node16.json'];

/** Compiles a consumer (skipLibCheck off) with the TypeScript installed under `alias` (an npm alias). */
function compile(alias: string, config: string, folder = consumer) {
  const manifest = require.resolve(`${alias}/package.json`);
  const tsc = new URL('./bin/tsc', `file://${manifest}`).pathname;
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const result = spawnSync(process.execPath, [tsc, '-p', new URL(config, folder).pathname], {
    encoding: 'utf8',
  });
  return { version, code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the TypeScript versions the published packages support', () => {
  it('are stated in the README: 5.4 or newer', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('TypeScript 5.4 or newer');
  });

  it.each(configs)(
    'compile a consumer with the oldest supported TypeScript, 5.4, and skipLibCheck off (%s)',
    (config) => {
      const { version, code, output } = compile('typescript-5.4', config);
      expect(version).toMatch(/^5\.4\./);
      expect(output).toBe('');
      expect(code).toBe(0);
    },
  );

  it.each(configs)("compile it with the repository's TypeScript too (%s)", (config) => {
    const { code, output } = compile('typescript', config);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  // Issue 22: xstate's declarations broke such a consumer five times; the sandbox keeps them out of its own.
  it.each(['typescript-5.4', 'typescript'])(
    'compile a sandbox consumer with strict, exactOptionalPropertyTypes and skipLibCheck off (%s)',
    (alias) => {
      const { code, output } = compile(alias, 'tsconfig.json', sandboxConsumer);
      expect(output).toBe('');
      expect(code).toBe(0);
    },
  );

  // Why the floor is 5.4: older compilers reject openapi-fetch's own declarations, which the client's types use.
  it('fail with TypeScript 5.3, inside openapi-fetch declarations, so 5.3 is rightly unsupported', () => {
    const { version, code, output } = compile('typescript-5.3', 'tsconfig.json');
    expect(version).toMatch(/^5\.3\./);
    expect(code).not.toBe(0);
    expect(output).toContain('openapi-fetch');
  });
});
