import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs an example the way its README line does (tsx, a fresh process) against the test's mock. */
async function example(script: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `src/${script}`, ...args], {
    cwd: root,
    env: { ...process.env, SVC_BASE_URL: inject('mockUrl'), SVC_API_KEY: 'sk-examples' },
    timeout: 25_000,
  });
  return stdout;
}

describe('the examples, run as scripts against the mock', () => {
  it('resolve-user-steps: resolves the user and totals a month of steps per provider', async () => {
    const output = await example('resolve-user-steps.ts', 'team-user-0042');
    expect(output).toContain('team-user-0042 is user 5b0b9c36-3c1e-4b8e-9a57-2f1f3c1d8e42');
    expect(output).toMatch(/^whoop: \d+ steps in \d+ points \(November 2026\)$/m);
  });

  it('markers-and-appointment: lists markers, orders, and requests and books a blood draw', async () => {
    const output = await example('markers-and-appointment.ts');
    expect(output).toContain('marker hemoglobin-a1c: Hemoglobin A1c');
    expect(output).toMatch(/^order \S+: stage \w+$/m);
    expect(output).toMatch(/^appointment \S+: requested$/m);
    expect(output).toMatch(/^booked: \w+/m);
  });

  it('parse-lab-report: uploads the sample PDF and prints the parsed biomarkers', async () => {
    const output = await example('parse-lab-report.ts');
    expect(output).toMatch(/^parsing job \S+: completed, 1 biomarker\(s\)$/m);
    expect(output).toContain('Glucose: 92 mg/dL (reference 70-99, normal, LOINC 2345-7)');
  });

  it('handle-webhook: accepts signed deliveries and rejects a tampered body', async () => {
    const output = await example('handle-webhook.ts');
    expect(output).toContain('handled daily.data.steps.created: daily steps data created (whoop)');
    expect(output).toContain('handled provider.connection.created: user connected oura');
    expect(output).toMatch(/POST daily\.data\.steps\.created -> 204\n/);
    expect(output).toContain('rejected a delivery: signature');
    expect(output).toContain('POST a tampered body -> 400');
  });
});
