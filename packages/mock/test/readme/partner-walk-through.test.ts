// The README's recorded partner walk-through, read from the README: the mock is started as its first
// command starts it, every `$ curl …` line runs as written (on the port this test got from the OS), and
// what each prints is compared with what the README recorded.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { asRecorded, type RecordedRun, recordedRuns } from '@svc/tools/readme-snippets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/internal/free-port.js';
import { type RunningCli, runCli } from '../fixtures/run-cli.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const RECORDED_URL = 'http://127.0.0.1:4010';
const section = (title: string) =>
  README.slice(README.indexOf(title), README.indexOf('\n## ', README.indexOf(title)));
const fenced = (text: string, lang: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1] ?? '');

const walk = fenced(section('## Partner walk-through (recorded)'), 'text').flatMap(recordedRuns);
const [start, ...calls] = walk;
// "Reading validation errors" shows one command with its output as a `# ` comment below it.
const [violationsCommand = '', violationsOutput = ''] = (
  fenced(section('## Reading validation errors'), 'sh')[0] ?? ''
).split('\n');
const violations: RecordedRun = {
  command: violationsCommand,
  printed: [violationsOutput.replace(/^# /, '')],
};

let mock: RunningCli | undefined;
let url = '';

beforeAll(async () => {
  expect(start?.command).toMatch(/^node packages\/mock\/dist\/cli\.js --port 4010\s/);
  const port = await freePort('127.0.0.1');
  mock = runCli(['--port', String(port)]);
  url = `http://127.0.0.1:${port}`;
  await mock.printed('\n');
});
afterAll(async () => {
  mock?.child.kill('SIGTERM');
  await mock?.exitCode;
});

async function sh(command: string): Promise<string> {
  expect(command, 'a recorded call goes to the recorded mock').toContain(RECORDED_URL);
  const { stdout } = await promisify(execFile)('sh', ['-c', command.replaceAll(RECORDED_URL, url)], {
    timeout: 15_000,
  });
  return stdout.replaceAll('\r\n', '\n'); // HTTP header lines (curl -i) end in CRLF; a terminal shows none
}

describe("the README's partner walk-through, run as recorded", () => {
  it('starts the mock with the line the README shows', () => {
    const printed = start?.printed.map((line) => line.replace(RECORDED_URL, url)) ?? [];
    expect(asRecorded(printed, mock?.stdout() ?? '')).toEqual(printed);
  });

  it.each([...calls.map((run) => [run.command, run] as const), [violations.command, violations] as const])(
    '%s',
    async (command, { printed }) => {
      const output = await sh(command);
      if (command.includes('Prefer: dynamic=true')) {
        // Random on every call, as the README says: one JSON answer, as the recorded one is.
        expect(printed).toHaveLength(1);
        expect(() => JSON.parse(printed[0] ?? '')).not.toThrow();
        expect(output.trimEnd().split('\n')).toHaveLength(1);
        expect(() => JSON.parse(output)).not.toThrow();
        return;
      }
      expect(asRecorded(printed, output)).toEqual(printed);
    },
  );
});
