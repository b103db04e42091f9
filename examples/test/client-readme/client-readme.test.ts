// The client README's examples, read from the README and run as files of a partner's project (tsx, a fresh
// process) against the run's sandbox. The README says the names an example does not define stand for the
// reader's own values: each run puts real ones of this sandbox before the example (its `before`), and the
// figures the README shows are compared with what the run printed.

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readmeBlock, runSnippet, shownFigure } from '@svc/tools/readme-snippets';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The README as the package ships it (it is in the tarball), found by the package's name.
const README = new URL(
  'README.md',
  pathToFileURL(createRequire(import.meta.url).resolve('@svc/client/package.json')),
);
const PACKAGE = new URL('../../', import.meta.url);
// Its own team in the shared sandbox: the examples' recorded world (the default key) stays as recorded.
const API_KEY = 'sk_test_client_readme';
const block = (name: string) => readmeBlock(README, name);

/** `svc`, the README's client, against this run's sandbox; then the reader's values an example names. */
const SVC = `import * as svcClient from '@svc/client';
const limit = process.env.README_MAX_RESPONSE_BYTES;
const svc = svcClient.createClient({
  apiKey: process.env.SVC_API_KEY!,
  baseUrl: process.env.SVC_BASE_URL!,
  ...(limit ? { maxResponseBytes: Number(limit) } : {}),
});
`;
const USER = `const user_id = (await svc.resolveUser({ client_user_id: 'team-user-0042' })).user_id;\n`;
const ADDRESS = `const address = { first_line: '123 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };\n`;
const ORDER = `${ADDRESS}const orderId = String((await svc.createOrder({ body: { user_id, patient_address: address } })).id);\n`;
const PDF = `const bytes = new TextEncoder().encode('%PDF-1.7\\n');
const pdfBlob = new Blob([bytes], { type: 'application/pdf' });\n`;
const LAB_TEST = `const labTestId = '00000001-0000-4000-8000-000000000001';
const lab_test_id = labTestId;\n`;

const folder = mkdtempSync(join(tmpdir(), 'svc-client-readme-'));
copyFileSync(new URL('../../fixtures/sample-report.pdf', import.meta.url), join(folder, 'report.pdf'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(before: string, code: string, after = '', env: NodeJS.ProcessEnv = {}) {
  const { stdout } = await runSnippet(`${SVC}${before}${code}${after}`, {
    in: PACKAGE,
    typescript: true,
    cwd: folder,
    env: { ...process.env, SVC_API_KEY: API_KEY, SVC_BASE_URL: inject('sandboxUrl'), ...env },
  });
  return stdout;
}

describe("the client README's examples, run against the sandbox", () => {
  it('Set-up: a client from the environment calls the sandbox; the others are made without a call', async () => {
    const after = `
console.log((await fromEnv.resolveUser({ client_user_id: 'team-user-0042' })).user_id);
console.log(typeof svc.resolveUser, typeof local.resolveUser);`;
    // The README's block declares its own `svc`: it runs without the prelude's.
    const { stdout } = await runSnippet(`${block('set-up')}${after}`, {
      in: PACKAGE,
      typescript: true,
      env: { ...process.env, SVC_API_KEY: API_KEY, SVC_BASE_URL: inject('sandboxUrl') },
    });
    expect(stdout).toMatch(/^[0-9a-f-]{36}\nfunction function\n$/);
  });

  it('A call: resolves a user, reads a week of steps, requests a blood draw and uploads a report', async () => {
    const after = `\nconsole.log(user.user_id === user_id, Object.keys(steps.groups ?? {}).join(), appointment.status);`;
    const output = await run(`${USER}${ORDER}${PDF}`, block('a-call'), after);
    expect(output).toBe('false oura pending\n');
  });

  it('per-call options: creates an order with a signal, a timeout, retries and an idempotency key', async () => {
    const before = `${USER}${ADDRESS}const order = { user_id, patient_address: address };
const controller = new AbortController();
const cartId = 'cart-17';
const traceId = 'trace-17';\n`;
    const after = `\nconsole.log((await svc.createOrder({ body: order }, { idempotencyKey: 'order-cart-17' })).id !== undefined);`;
    expect(await run(before, block('call-options'), after)).toBe('true\n');
  });

  it('Pages: the first page, then every marker of every page', async () => {
    const after = `\nconsole.log(first.total, (await svc.listLabTestMarkers(params).toArray({ limit: Infinity })).length);`;
    expect(await run(LAB_TEST, block('pages'), after)).toMatch(/^(\d+) \1\n$/);
  });

  it("a month of steps point by point, then per provider: the README's count is this run's", async () => {
    const code = `${block('steps-month')}${block('by-provider')}`;
    const output = (await run(USER, code, '\nconsole.log(byProvider.oura?.length);')).split('\n');
    const count = output.at(-2);
    expect(count).toBe(shownFigure(block('by-provider'), 'byProvider.oura?.length').split(' ')[0]);
    // One printed line per point, each `provider source-type start value`.
    expect(output.slice(0, -2)).toHaveLength(Number(count));
    expect(output[0]).toMatch(/^oura \S+ 2025-1\S+ \d+(\.\d+)?$/);
  });

  it('Uploads: a Blob, a Buffer, a file stream and bytes with a name each become a parsing job', async () => {
    const after = `\nconsole.log((await svc.createParsingJob({ body: { file: await readFile('report.pdf') } })).status);`;
    expect(await run(PDF, block('uploads'), after)).toBe('pending\n');
  });

  it('Raw response: the status the README shows, and a request id', async () => {
    const code = block('raw-response');
    const output = await run('', code, '\nconsole.log(response.status, typeof requestId);');
    expect(output).toBe(`${shownFigure(code, 'response.status')} string\n`);
  });

  it('the typed path client: a page of a lab test markers, no error', async () => {
    const after = `\nconsole.log(response.status, error === undefined, data?.page);`;
    expect(await run(LAB_TEST, block('path-client'), after)).toBe('200 true 2\n');
  });

  it('Errors: a user is found; bad input is a ValidationError, logged with its field and thrown', async () => {
    const before = `const scheduleLater = (ms?: number) => console.log('later', ms);
const queueForRetry = () => console.log('queued');\n`;
    const after = `
console.log((await findUser('team-user-0042'))?.user_id !== undefined);
await findUser('..').catch((error) => console.log(error.name));`;
    expect(await run(before, block('errors'), after)).toBe('true\nValidationError\n');
  });

  it('Answers are bounded: read whole under the default limit, a ResponseTooLargeError over a small one', async () => {
    expect(await run(USER, block('too-large'), "\nconsole.log('read');")).toBe('read\n');
    const failed = run(USER, block('too-large'), '', { README_MAX_RESPONSE_BYTES: '64' });
    await expect(failed).rejects.toMatchObject({ stderr: expect.stringContaining('64 bytes') });
  });
});
