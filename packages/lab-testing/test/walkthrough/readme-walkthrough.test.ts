// The README's walkthrough, read from the README and run as its recorded command runs it (tsx, a fresh
// process, beside a results.pdf) against a fresh sandbox: it must print what the README says it prints.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createSandbox, sandboxControls, serveSandbox } from '@svc/sandbox';
import { asRecorded, readmeBlock, recordedRuns, scratchFile } from '@svc/tools/readme-snippets';
import { describe, expect, it } from 'vitest';
import { PDF } from '../reports/files.js';

const README = new URL('../../README.md', import.meta.url);
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const COMMAND = /^SVC_BASE_URL=http:\/\/127\.0\.0\.1:4011 SVC_API_KEY=(\S+) npx tsx walkthrough\.ts$/;

describe('the README walkthrough', () => {
  it('takes one order from the catalogue to parsed results, printing what the README shows', async () => {
    const code = readmeBlock(README, 'walkthrough');
    const [recorded, ...more] = recordedRuns(readmeBlock(README, 'walkthrough-output'));
    expect(more).toEqual([]);
    const apiKey = COMMAND.exec(recorded?.command ?? '')?.[1];
    expect(apiKey, `the recorded command: ${recorded?.command}`).toBeDefined();

    const sandbox = createSandbox({ strict: true });
    const server = await serveSandbox(sandbox, { port: 0 });
    // The script beside its results.pdf; its imports resolve from inside the package, as a partner's do.
    const folder = mkdtempSync(join(tmpdir(), 'svc-lab-walkthrough-'));
    writeFileSync(join(folder, 'results.pdf'), PDF);
    const script = scratchFile(new URL(`../../walkthrough.${process.pid}.mts`, import.meta.url), code);
    // On real time the report is parsed half a minute after the upload; this sandbox's clock stands
    // still, so it is moved one minute once the upload is in, and nothing else moves it (as on real time).
    const controls = sandboxControls({ baseUrl: server.url, apiKey: apiKey as string });
    let running = true;
    const minuteAfterUpload = (async () => {
      for (let i = 0; running && i < 300; i++) {
        if ((await controls.parsingJobs.list()).length > 0)
          return void (await controls.clock.advance({ seconds: 60 }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, script], {
        cwd: folder,
        env: { ...process.env, SVC_BASE_URL: server.url, SVC_API_KEY: apiKey },
        timeout: 30_000,
      });
      expect(asRecorded(recorded?.printed ?? [], stdout)).toEqual(recorded?.printed);
    } finally {
      running = false;
      await minuteAfterUpload;
      rmSync(folder, { recursive: true, force: true });
      await server.close();
    }
  });
});
