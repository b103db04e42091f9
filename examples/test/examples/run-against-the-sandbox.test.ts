import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asRecorded, readmeBlock, recordedRuns } from '@svc/tools/readme-snippets';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const README = new URL('../../README.md', import.meta.url);
const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** What the README says each example prints, by its script name, in the order the README ran them. */
const printed = new Map(
  recordedRuns(readmeBlock(README, 'printed')).map(({ command, printed }) => [
    command.replace(/^pnpm --silent --filter @svc\/examples /, ''),
    printed,
  ]),
);

/**
 * Runs an example the way its README line does (its package script: tsx, a fresh process) against the
 * test's sandbox, with the default key, as the README's recording did: one world, in the README's order.
 */
async function example(name: string): Promise<string> {
  const script = /^tsx (src\/\S+\.ts)$/.exec(scripts[name] ?? '')?.[1];
  if (!script) throw new Error(`the package has no "${name}" script running an example with tsx`);
  const { SVC_API_KEY: _key, ...inherited } = process.env;
  const env = { ...inherited, SVC_BASE_URL: inject('sandboxUrl'), SVC_SANDBOX: '1' };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env,
    timeout: 25_000,
  });
  const recorded = printed.get(name) ?? [];
  expect(asRecorded(recorded, stdout), `what \`${name}\` printed, against the README`).toEqual(recorded);
  return stdout;
}

/** What the sandbox recorded for the default key's world, read through its control route. */
async function deliveries() {
  const response = await fetch(`${inject('sandboxUrl')}/_sandbox/webhooks/deliveries`, {
    headers: { 'x-svc-api-key': 'sk_test_sandbox' },
  });
  return ((await response.json()) as { deliveries: { event_id: string; delivered: boolean }[] }).deliveries;
}

// The tests of a file run one after another: in the README's order, on one world, as it was recorded.
describe('the examples, run as scripts against the sandbox, print what the README says', () => {
  it('the README records every example, in the order of these tests', () => {
    expect([...printed.keys()]).toEqual(['steps', 'appointment', 'lab-report', 'webhook']);
  });

  it('resolve-user-steps: walks every page of a month to next_cursor null and totals it per provider', async () => {
    const output = await example('steps');
    expect(output).toMatch(/^team-user-0042 is user [0-9a-f-]{36}$/m);
    // 31 days of 24 hourly points: every page was read once, none twice.
    expect(output).toMatch(/^oura: \d+ steps in 744 points \(December 2025\)$/m);
    expect(output).not.toContain('came back a second time');
  });

  it('markers-and-appointment: lists markers, orders, and requests and books a blood draw', async () => {
    const output = await example('appointment');
    expect(output).toMatch(/^lab account \S+ \(ACTIVE\)$/m);
    expect(output).toContain('marker hemoglobin-a1c: Hemoglobin A1c');
    expect(output).toMatch(/^order [0-9a-f-]{36}: stage \w+$/m);
    expect(output).toMatch(/^appointment \S+: requested$/m);
    expect(output).toMatch(/^booked: confirmed \(confirmed\)$/m);
  });

  it('parse-lab-report: uploads the sample PDF, advances the sandbox clock and prints the parsed biomarkers', async () => {
    const output = await example('lab-report');
    expect(output).toMatch(/^uploaded: parsing job \S+ is pending$/m);
    expect(output).toMatch(/^parsing job \S+: completed, [1-9]\d* biomarker\(s\)$/m);
    // About half the sandbox's reports come from a lab reporting SI units (glucose in mmol/L).
    expect(output).toMatch(
      /^Glucose: [\d.]+ (mg\/dL \(reference 70-99|mmol\/L \(reference 3\.89-5\.5), \w+, LOINC 2345-7\)$/m,
    );
    expect(output).toMatch(/^Omega-3 Index: [\d.]+ % \(reference >8, \w+, LOINC \?\)$/m);
  });

  it('handle-webhook: verifies every delivery of an order and a report walk, and rejects a tampered body', async () => {
    const output = await example('webhook');
    expect(output).toContain(
      'verified labtest.order.updated: order now completed.at_home_phlebotomy.completed',
    );
    expect(output).toContain('verified lab_report.parsing_job.updated: parsing job now completed');
    const sent = await deliveries();
    const events = new Set(sent.map((d) => d.event_id));
    expect(events.size).toBeGreaterThan(3);
    expect(sent.every((d) => d.delivered)).toBe(true);
    // Every event the sandbox sent was verified by the receiver, none refused.
    expect(output).toContain(`verified ${events.size} deliveries, rejected 0`);
    expect(output).toContain('POST a tampered body -> 400');
  });
});
