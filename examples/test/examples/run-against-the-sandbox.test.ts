import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs an example the way its README line does (tsx, a fresh process) against the test's sandbox, in its own world. */
async function example(script: string, apiKey: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `src/${script}`, ...args], {
    cwd: root,
    env: { ...process.env, SVC_BASE_URL: inject('sandboxUrl'), SVC_SANDBOX: '1', SVC_API_KEY: apiKey },
    timeout: 25_000,
  });
  return stdout;
}

/** What the sandbox recorded for a key's world, read through its control route. */
async function deliveries(apiKey: string) {
  const response = await fetch(`${inject('sandboxUrl')}/_sandbox/webhooks/deliveries`, {
    headers: { 'x-svc-api-key': apiKey },
  });
  return ((await response.json()) as { deliveries: { event_id: string; delivered: boolean }[] }).deliveries;
}

describe('the examples, run as scripts against the sandbox', () => {
  it('resolve-user-steps: walks every page of a month to next_cursor null and totals it per provider', async () => {
    const output = await example('resolve-user-steps.ts', 'sk_test_steps', 'team-user-0042');
    expect(output).toMatch(/^team-user-0042 is user [0-9a-f-]{36}$/m);
    // 31 days of 24 hourly points: every page was read once, none twice.
    expect(output).toMatch(/^oura: \d+ steps in 744 points \(December 2025\)$/m);
    expect(output).not.toContain('came back a second time');
  });

  it('markers-and-appointment: lists markers, orders, and requests and books a blood draw', async () => {
    const output = await example('markers-and-appointment.ts', 'sk_test_appointment');
    expect(output).toMatch(/^lab account \S+ \(ACTIVE\)$/m);
    expect(output).toContain('marker hemoglobin-a1c: Hemoglobin A1c');
    expect(output).toMatch(/^order [0-9a-f-]{36}: stage \w+$/m);
    expect(output).toMatch(/^appointment \S+: requested$/m);
    expect(output).toMatch(/^booked: confirmed \(confirmed\)$/m);
  });

  it('parse-lab-report: uploads the sample PDF, advances the sandbox clock and prints the parsed biomarkers', async () => {
    const output = await example('parse-lab-report.ts', 'sk_test_report');
    expect(output).toMatch(/^uploaded: parsing job \S+ is pending$/m);
    expect(output).toMatch(/^parsing job \S+: completed, [1-9]\d* biomarker\(s\)$/m);
    // About half the sandbox's reports come from a lab reporting SI units (glucose in mmol/L).
    expect(output).toMatch(
      /^Glucose: [\d.]+ (mg\/dL \(reference 70-99|mmol\/L \(reference 3\.89-5\.5), \w+, LOINC 2345-7\)$/m,
    );
    expect(output).toMatch(/^Omega-3 Index: [\d.]+ % \(reference >8, \w+, LOINC \?\)$/m);
  });

  it('handle-webhook: verifies every delivery of an order and a report walk, and rejects a tampered body', async () => {
    const output = await example('handle-webhook.ts', 'sk_test_webhooks');
    expect(output).toContain(
      'verified labtest.order.updated: order now completed.at_home_phlebotomy.completed',
    );
    expect(output).toContain('verified lab_report.parsing_job.updated: parsing job now completed');
    const sent = await deliveries('sk_test_webhooks');
    const events = new Set(sent.map((d) => d.event_id));
    expect(events.size).toBeGreaterThan(3);
    expect(sent.every((d) => d.delivered)).toBe(true);
    // Every event the sandbox sent was verified by the receiver, none refused.
    expect(output).toContain(`verified ${events.size} deliveries, rejected 0`);
    expect(output).toContain('POST a tampered body -> 400');
  });
});
