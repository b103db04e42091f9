// The README's "See it in a console", run as a partner runs it: examples/console.ts and
// examples/console-sync.ts (both on the setup of examples/console-telemetry.ts, which the README shows
// too), each in a fresh Node process against the sandbox over loopback, on a real
// clock as `npx svc-sandbox` runs. If this fails, the README shows something the code no longer prints (or
// code it no longer is).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
/** The port `npx svc-sandbox` listens on, as the README shows it. */
const README_PORT = '4011';
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await serveSandbox(createSandbox({ apiKey: 'sk_test_sandbox', clock: 'real' }), { port: 0 });
});
afterAll(() => sandbox.close());

/** The fenced block of `language` that follows `heading` in the README. */
function block(heading: string, language: string): string {
  const section = readme.slice(readme.indexOf(heading));
  const start = section.indexOf(`\`\`\`${language}\n`) + language.length + 4;
  return section.slice(start, section.indexOf('\n```', start));
}

/** Each shown line as a pattern: `…` stands for what changes from run to run (ids, times). */
const pattern = (line: string) =>
  new RegExp(
    `^${line
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('…', '.*')}$`,
  );

/** How long an example may run: a fresh Node process through tsx, slow on a loaded machine. */
const RUN_TIMEOUT_MS = 30_000;

/** Runs an example as the README says, and returns the lines it printed. */
async function run(example: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(example, root))],
    {
      cwd: fileURLToPath(root),
      env: { ...process.env, SVC_API_KEY: 'sk_test_sandbox', SVC_BASE_URL: sandbox.url, SVC_LOG: 'off' },
      timeout: RUN_TIMEOUT_MS,
    },
  );
  return stdout
    .replaceAll(new URL(sandbox.url).port, README_PORT)
    .split('\n')
    .map((line) => line.trim());
}

/** Each line the README shows is printed, in the README's order. */
function expectShown(shownLines: string, printed: string[]): void {
  let at = 0;
  for (const line of shownLines.split('\n')) {
    if (line.trim() === '…') continue;
    const found = printed.findIndex((candidate, index) => index >= at && pattern(line).test(candidate));
    expect(found, `README line not printed (in order): ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

/** The examples a partner runs, each under its heading. */
const EXAMPLES = [
  ['### A call in the console', 'examples/console.ts'],
  ['### A sync in the console', 'examples/console-sync.ts'],
] as const;
/** Every file whose code the README shows: the examples and the setup they share. */
const SHOWN = [['## See it in a console', 'examples/console-telemetry.ts'], ...EXAMPLES] as const;

describe('the README console examples', () => {
  it.each(SHOWN)('%s shows the code of %s', (heading, file) => {
    const code = readFileSync(new URL(file, root), 'utf8');
    expect(block(heading, 'ts')).toBe(code.slice(code.indexOf('import ')).trimEnd());
  });

  // The test outlasts its example's own limit, so a slow run ends with the run's error, not vitest's.
  it.each(EXAMPLES)(
    '%s: %s prints the spans and metrics shown, in that order',
    async (heading, file) => {
      expectShown(block(heading, 'text'), await run(file));
    },
    RUN_TIMEOUT_MS + 15_000,
  );
});
