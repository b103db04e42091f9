// Issue 23: every curl sample of the reference runs as pasted, with real bash and curl, against the
// sandbox server a partner starts (`svc-sandbox --frozen`): base URL and key from SVC_BASE_URL and
// SVC_API_KEY, ids from the sample's earlier curl steps, and no curl error or non-2xx answer.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSamples, readBundledSpec } from '../../src/reference-inputs.js';
import { type RunningSandbox, startSandboxBin, stopSandboxBin } from '../fixtures/sandbox-bin.js';

const run = promisify(execFile);
const samples = computeSamples(readBundledSpec()).map(({ operation, curl }) => ({
  name: operation.operationId,
  curl,
}));
const PDF = '%PDF-1.7\n%%EOF\n';

// What the test adds around a pasted sample: stop at the first failing command (a step's too), and
// make curl fail on any non-2xx answer, printing the answer's body.
const STRICT = [
  'set -euo pipefail',
  'curl() { command curl --fail-with-body --silent --show-error "$@"; }',
  '',
].join('\n');

// The tools the samples use, with the Debian package each comes from.
const TOOLS = { bash: 'bash', curl: 'curl', jq: 'jq', uuidgen: 'uuid-runtime' };

let sandbox: RunningSandbox | undefined;
let workDir: string;

beforeAll(async () => {
  const missing = Object.keys(TOOLS).filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length > 0)
    throw new Error(
      `the curl samples need ${missing.join(', ')}: apt-get install -y ${missing.map((tool) => TOOLS[tool as keyof typeof TOOLS]).join(' ')}`,
    );
  // Strict: an answer that breaks the spec is a 500, so a sample that only looks fine fails too.
  sandbox = await startSandboxBin(['--frozen', '--strict']);
  // The samples read `report.pdf` from where they run, as a partner's shell would.
  workDir = mkdtempSync(join(tmpdir(), 'svc-curl-samples-'));
  writeFileSync(join(workDir, 'report.pdf'), PDF);
});

afterAll(async () => {
  await stopSandboxBin(sandbox?.child);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('issue 23: the reference curl samples run as pasted against the sandbox server', () => {
  it('has a curl sample for every operation', () => {
    expect(samples.length).toBeGreaterThanOrEqual(28);
  });

  it.each(samples)(
    'runs the curl sample of $name with bash and curl, every answer 2xx',
    async ({ name, curl }) => {
      const result = await run('bash', ['--norc', '--noprofile', '-c', `${STRICT}${curl}`], {
        cwd: workDir,
        timeout: 30_000,
        // Each sample in a world of its own (each key is its own team), as on a partner's first paste.
        env: { PATH: process.env.PATH, SVC_BASE_URL: sandbox?.url, SVC_API_KEY: `sk_test_curl_${name}` },
      }).catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
        failed: `exit ${error.code}\n${error.stderr ?? ''}${error.stdout ?? ''}`,
      }));
      expect('failed' in result ? result.failed : '', curl).toBe('');
      // Nothing on stderr either: a missing tool (`uuidgen: command not found`) inside `$(…)` does not
      // stop bash, and curl would send the request without that header.
      expect('stderr' in result ? result.stderr : '', curl).toBe('');
    },
  );
});
