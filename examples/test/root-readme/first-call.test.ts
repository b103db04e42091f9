// The root README's first call, read from the README and run as a partner runs it (`node first-call.mjs`,
// a fresh process) against a fresh sandbox: what it prints must be what the README says it prints.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createSandbox, serveSandbox } from '@svc/sandbox';
import { asRecorded, readmeBlock, recordedRuns, scratchFile } from '@svc/tools/readme-snippets';
import { describe, expect, it } from 'vitest';

const README = new URL('../../../README.md', import.meta.url);
const SANDBOX = "'http://127.0.0.1:4011'";

describe('the root README quick start', () => {
  it('prints the user id and the providers the user is connected to, as the README shows', async () => {
    const code = readmeBlock(README, 'first-call');
    const [recorded, ...more] = recordedRuns(readmeBlock(README, 'first-call-output'));
    expect(more).toEqual([]);
    expect(recorded?.command).toBe('node first-call.mjs');
    // The README's sandbox is `npx svc-sandbox` on its default port; this one listens on a free port.
    expect(code).toContain(SANDBOX);
    const sandbox = await serveSandbox(createSandbox({ clock: 'real', strict: true }), { port: 0 });
    // Inside the package, so `@svc/client` resolves as it does in a partner's project.
    const file = scratchFile(
      new URL(`../../first-call.${process.pid}.mjs`, import.meta.url),
      code.replace(SANDBOX, `'${sandbox.url}'`),
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 20_000 });
      expect(asRecorded(recorded?.printed ?? [], stdout)).toEqual(recorded?.printed);
    } finally {
      await sandbox.close();
    }
  });
});
