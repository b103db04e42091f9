// The events README's examples, read from the README and run as files of a partner's project (tsx, a
// fresh process). The receivers get real deliveries: the sandbox signs and sends the events it is told to
// trigger. `handle`'s own helpers (`saveSleepCycle`, `log`, …) are the reader's code: here each prints
// what it was given, so the test sees which branch every event took.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { generateWebhookSecret } from '@svc/events';
import { readmeBlock, runSnippet, scratchFile } from '@svc/tools/readme-snippets';
import { describe, expect, inject, it } from 'vitest';

// The README as the package ships it (it is in the tarball), found by the package's name.
const README = new URL(
  'README.md',
  pathToFileURL(createRequire(import.meta.url).resolve('@svc/events/package.json')),
);
const PACKAGE = new URL('../../', import.meta.url);
const API_KEY = 'sk_test_events_readme';
const block = (name: string) => readmeBlock(README, name);

/** The reader's helpers that `handle` calls. */
const HELPERS = `const saveSleepCycle = (provider: string, data: unknown) => console.log('saveSleepCycle', provider);
const onConnected = (provider: string) => console.log('onConnected', provider);
const refreshParsingJob = (payload: { data?: { status?: string } }) => console.log('refreshParsingJob', typeof payload);
const syncResource = (phase: string, resource: string, provider: string) => console.log('syncResource', phase, resource, provider);
const log = { info: (message: string, meta: unknown) => console.log(message, JSON.stringify(meta)) };
`;

function run(code: string, env: NodeJS.ProcessEnv = {}) {
  const base = { ...process.env, SVC_API_KEY: API_KEY, SVC_BASE_URL: inject('sandboxUrl') };
  return runSnippet(code, { in: PACKAGE, typescript: true, env: { ...base, ...env } }).then((r) => r.stdout);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

const TRIGGERED = [
  'provider.connection.created',
  'daily.data.sleep_cycle.created',
  'lab_report.parsing_job.updated',
  'daily.data.steps.created',
];

describe("the events README's examples", () => {
  it('the Node http receiver verifies every delivery the sandbox sends and handle() takes its branch', async () => {
    const port = await freePort();
    const secret = generateWebhookSecret();
    // After the README's server listens: point the sandbox at it, trigger events, wait for each to be handled.
    const drive = `
import { sandboxControls } from '@svc/sandbox';
const controls = sandboxControls({ baseUrl: process.env.SVC_BASE_URL!, apiKey: process.env.SVC_API_KEY! });
await controls.webhooks.configure({ url: 'http://127.0.0.1:${port}/webhooks', secret });
for (const name of ${JSON.stringify(TRIGGERED)}) await controls.trigger(name);
// Until each triggered event type has been delivered (a trigger may send more than one event, so a count
// of deliveries can be reached before the last type arrives), at most 20 s.
for (let i = 0; i < 400; i++) {
  const deliveries = await controls.webhooks.deliveries();
  const done = new Set(deliveries.filter((d) => d.delivered).map((d) => d.event_type));
  if (${JSON.stringify(TRIGGERED)}.every((type) => done.has(type))) break;
  await new Promise((wait) => setTimeout(wait, 50));
}
const attempts = await controls.webhooks.deliveries();
console.log('delivered', attempts.filter((d) => d.delivered).length, 'of', attempts.length);
process.exit(0);`;
    const code = `${HELPERS}${block('handle')}${block('node-server')}${drive}`;
    const output = await run(code, { SVC_WEBHOOK_SECRET: secret, PORT: String(port) });
    const lines = output.trimEnd().split('\n');
    // Every attempt was answered 2xx: verified and handled (a trigger may send more than its event).
    const [, delivered, attempts] = /^delivered (\d+) of (\d+)$/.exec(lines.at(-1) ?? '') ?? [];
    expect(Number(delivered)).toBeGreaterThanOrEqual(TRIGGERED.length);
    expect(delivered).toBe(attempts);
    expect(lines).toEqual(
      expect.arrayContaining([
        'onConnected oura',
        expect.stringMatching(/^saveSleepCycle \S+$/),
        'refreshParsingJob object',
        expect.stringMatching(/^syncResource daily steps \S+$/),
      ]),
    );
  });

  it('the fetch-style handler answers 204 to a delivery signed by createTestWebhook, 400 to a forged one', async () => {
    const worker = scratchFile(
      new URL(`events-readme-worker.${process.pid}.mts`, PACKAGE),
      `${HELPERS}${block('handle')}${block('fetch-handler')}`,
    );
    const before = `const { default: worker } = await import(${JSON.stringify(worker)});
const handler = (request: Request) => worker.fetch(request, { SVC_WEBHOOK_SECRET: secret });
`;
    const after = `
console.log(response.status);
const forged = await createTestWebhook({ event_type: 'daily.data.sleep.created' }, { secret: generateWebhookSecret() });
const refused = await handler(new Request('http://localhost/webhooks', { method: 'POST', ...forged }));
console.log(refused.status, JSON.stringify(await refused.json()));`;
    const output = await run(`${before}${block('test-webhook')}${after}`);
    expect(output).toBe('syncResource daily sleep oura\n204\n400 {"error":"signature"}\n');
  });

  it('a verifier built once with two secrets verifies a delivery signed with the new one', async () => {
    const [OLD_SECRET, NEW_SECRET] = [generateWebhookSecret(), generateWebhookSecret()];
    const before = `import { createTestWebhook } from '@svc/events';
const { body: rawBody, headers } = await createTestWebhook({ event_type: 'provider.connection.created', provider: 'oura' }, { secret: process.env.NEW_SECRET! });
`;
    const output = await run(`${before}${block('verifier')}\nconsole.log(event.type);`, {
      OLD_SECRET,
      NEW_SECRET,
    });
    expect(output).toBe('provider.connection.created\n');
  });

  it('another scheme: its verify() decides, and its WebhookSignatureError is what unwrap rejects with', async () => {
    const before = `import { unwrap } from '@svc/events';
const myCheck = async (_body: Uint8Array, signature: string | null) => signature === 'ok';
`;
    const after = `
const body = JSON.stringify({ event_type: 'daily.data.steps.created', data: { source: { provider: 'oura' } } });
console.log((await unwrap(body, { 'x-my-signature': 'ok' }, { verifier })).type);
await unwrap(body, { 'x-my-signature': 'forged' }, { verifier }).catch((error) => console.log(error.code));`;
    expect(await run(`${before}${block('custom-verifier')}${after}`)).toBe(
      'daily.data.steps.created\nsignature\n',
    );
  });
});
