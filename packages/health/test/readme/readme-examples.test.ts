// The README's examples, read from the README and run as files of a partner's project (plain `node`, a
// fresh process) against a sandbox served on loopback. Where an example names values it does not define
// (`client`, `userId`, `points`, `sleepRows`), the README says what they are and the run puts this sandbox's
// before it; every figure the README shows in a comment is compared with what the run printed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { readmeBlock, runSnippet, shownFigure } from '@svc/tools/readme-snippets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const PACKAGE = new URL('../../', import.meta.url);
const API_KEY = 'sk_test_health_readme';
const block = (name: string) => readmeBlock(README, name);

/** The README's `client` (from SVC_API_KEY and SVC_BASE_URL) and the user its examples read. */
const CLIENT = `import { createClient as createReadmeClient } from '@svc/client';
const client = createReadmeClient();
const user = await client.resolveUser({ client_user_id: 'team-user-0042' });
const userId = user.user_id;
`;

const sandbox = createSandbox({ apiKey: API_KEY, strict: true });
let server: SandboxServer;
let folder: string;
beforeAll(async () => {
  server = await serveSandbox(sandbox, { port: 0 });
  folder = mkdtempSync(join(tmpdir(), 'svc-health-readme-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await server.close();
});

async function run(code: string) {
  const env = { ...process.env, SVC_API_KEY: API_KEY, SVC_BASE_URL: server.url };
  return (await runSnippet(code, { in: PACKAGE, cwd: folder, env })).stdout;
}

/** A figure of the README matches a printed line; its `…` stands for anything. */
function expectFigure(printed: string | undefined, figure: string) {
  const pattern = figure.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  expect(printed).toMatch(new RegExp(`^${pattern.join('.*')}$`));
}

describe("the health README's examples, run against the sandbox", () => {
  it('A parsing job turned into a Bundle: an uploaded report becomes a final DiagnosticReport with its Observations', async () => {
    writeFileSync(join(folder, 'report.pdf'), '%PDF-1.7\n');
    // The sandbox parses a report half a minute after the upload; its clock stands still here, so it
    // is moved one minute while the example waits, as real time would move it.
    const controls = sandbox.controls;
    let moved = false;
    const moving = (async () => {
      for (let i = 0; !moved && i < 200; i++) {
        if ((await controls.parsingJobs.list()).length > 0) {
          await controls.clock.advance({ seconds: 60 });
          moved = true;
        } else await new Promise((wait) => setTimeout(wait, 100));
      }
    })();
    const after = `
console.log(job.status, report.resourceType, report.status, observations.length === results.length);
console.log(bundle.type, bundle.entry.length === observations.length + 1, bundle.entry[0].request.method);`;
    const output = await run(`${block('bundle')}${after}`).finally(() => {
      moved = true;
      return moving;
    });
    expect(output).toBe('completed DiagnosticReport final true\ntransaction true PUT\n');
  });

  it('Daily summaries and steps as Observations: every night and every hourly point of December', async () => {
    const after = `\nconsole.log(sleep.length > 0, sleep.every((o) => o.resourceType === 'Observation'), steps.length);`;
    expect(await run(`${CLIENT}${block('observations')}${after}`)).toBe('true true 744\n');
  });

  it('A fleet as FHIR Bulk Data NDJSON: one file per type, counted in the manifest', async () => {
    const output = await run(`${CLIENT}${block('ndjson')}\nconsole.log(JSON.stringify(manifest));`);
    const manifest = JSON.parse(output) as { output: { type: string; url: string; count: number }[] };
    expect(manifest.output.map(({ type }) => type)).toEqual(['Observation']);
    const lines = readFileSync(join(folder, 'out', 'Observation.ndjson'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(manifest.output[0]?.count).toBe(lines.length);
    expect(lines.length).toBeGreaterThan(744);
    expect(readdirSync(join(folder, 'out'))).toEqual(['Observation.ndjson']);
  });

  it("Local days: the days the README shows, and a user's points bucketed by their days", async () => {
    const code = block('local-days');
    const points = `const points = (await client.getStepsGrouped({ user_id: userId, start_date: '2025-12-01', end_date: '2025-12-02' }).toArray({ limit: 100 })).map(({ point }) => point);\n`;
    const after = `
import { inspect as inspectDay } from 'node:util';
const oneLine = (value) => inspectDay(value, { breakLength: Infinity });
console.log(oneLine(localDayOf('2026-01-01T23:30:00-05:00')));
console.log(oneLine(localDayOf('2026-01-02T04:30:00Z', { timeZone: 'America/New_York' })));
console.log(days.length > 0, days.reduce((sum, day) => sum + day.items.length, 0) === points.length);`;
    const [first, second, bucketed] = (await run(`${CLIENT}${points}${code}${after}`)).split('\n');
    expectFigure(first, shownFigure(code, "localDayOf('2026-01-01T23:30:00-05:00')"));
    expectFigure(
      second,
      shownFigure(code, "localDayOf('2026-01-02T04:30:00Z', { timeZone: 'America/New_York' })"),
    );
    expect(bucketed).toBe('true true');
  });

  it('One timeline from several devices: a night worn on both devices is one night, from the Oura ring', async () => {
    const secondDevice = `const { link_token } = await client.createLinkToken({ body: { user_id: userId, provider: 'whoop' } });
await client.completePasswordProviderMfa({ provider: 'whoop', 'x-svc-link-token': link_token, body: { mfa_code: '123456' } });
import { summaryRows as readmeSummaryRows } from '@svc/health';
const sleepRows = readmeSummaryRows('sleep', userId, await client.getSleepSummary({ user_id: userId, start_date: '2025-12-01', end_date: '2025-12-31' })).rows;
`;
    const after = `\nconsole.log(JSON.stringify(nights.map((night) => [night.provider, night.providers])));`;
    const nights = JSON.parse(await run(`${CLIENT}${secondDevice}${block('timeline')}${after}`)) as [
      string,
      string[],
    ][];
    // The README's figure: a night from both devices, kept from the Oura ring.
    expect(block('timeline')).toMatch(/\/\/ \[\{ provider: 'oura', .*providers: \['oura', 'whoop'\] \}\]/);
    expect(nights).toContainEqual(['oura', ['oura', 'whoop']]);
  });

  it('Units: every figure the README shows is what the functions give', async () => {
    const code = block('units');
    const expressions = code
      .split('\n')
      .filter((line) => line.includes('; // '))
      .map((line) => line.slice(0, line.indexOf('; // ')));
    expect(expressions).toHaveLength(4);
    const after = `\nimport { inspect } from 'node:util';\n${expressions.map((e) => `console.log(inspect(${e}));`).join('\n')}`;
    const printed = (await run(`${code}${after}`)).trimEnd().split('\n');
    expect(printed).toEqual(expressions.map((expression) => shownFigure(code, expression)));
  });
});
