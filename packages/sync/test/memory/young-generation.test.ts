import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SYNC_BIN } from '../fixtures/processes.js';

const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-young-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const reporter = pathToFileURL(new URL('./report-young-generation.mjs', import.meta.url).pathname).href;

/** Runs `svc-sync --help` on this Node with `nodeOptions`, and returns what the CLI's process reported. */
function runCli(name: string, nodeOptions: string) {
  const report = join(dir, `${name}.jsonl`);
  const result = spawnSync(process.execPath, [SYNC_BIN, '--help'], {
    encoding: 'utf8',
    // A CLI that restarted itself over and over would never end.
    timeout: 60_000,
    env: {
      ...process.env,
      NODE_OPTIONS: `--import=${reporter} ${nodeOptions}`.trim(),
      SVC_TEST_YOUNG_REPORT: report,
    },
  });
  expect(result.error).toBeUndefined();
  const lines = readFileSync(report, 'utf8').trim().split('\n');
  return { result, lines: lines.map((line) => JSON.parse(line) as { youngMB: number; execArgv: string[] }) };
}

// Run on every supported Node line by `pnpm test:node-lines`: on Node 24 V8's own young generation is 128 MB.
// V8 reports the space in whole pages, a little over twice the semi-space at times (8.75 MB for two 4 MB
// semi-spaces was seen on Node 24): the bounds leave that slack and still tell 8 from 32 from 128.
const PAGE_SLACK_MB = 4;
describe(`the CLI's V8 limits on Node ${process.versions.node}`, () => {
  it('keeps the young generation at 32 MB (two 16 MB semi-spaces), in the one process that runs the CLI', () => {
    const { result, lines } = runCli('default', '');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: svc-sync <command>');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.youngMB).toBeGreaterThan(0);
    expect(lines[0]?.youngMB).toBeLessThanOrEqual(32 + PAGE_SLACK_MB);
  });

  it("leaves a --max-semi-space-size given in NODE_OPTIONS to the user's choice", () => {
    const { result, lines } = runCli('own', '--max-semi-space-size=4');
    expect(result.status).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.youngMB).toBeLessThanOrEqual(8 + PAGE_SLACK_MB);
    expect(lines[0]?.execArgv).not.toContain('--max-semi-space-size=16');
  });
});
