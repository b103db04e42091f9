// A partner's first hour with the published packages, run in a partner's project on one Node line
// (`pnpm release:rehearsal` copies this file there and runs it with that line's `node` first on PATH;
// it lives here, above the packages it imports, not in tools/, which every package stands on):
// the sandbox started by name (`npx -y @svc/sandbox`), the README's first-call.mjs against it, a lab
// order whose webhook the sandbox signs and @svc/events verifies, a backfill into SQLite with svc-sync,
// the mock started by name and answering, and every installed package imported. Prints one line per
// step; exits 1 naming what failed. Every process it starts is stopped by its process group id.
// Usage: node partner-walk.mjs <walk.json>: { firstCall: { code, output }, imports: [names], byName }
// (byName: an empty folder whose npm resolves @svc/* from the registry, where `npx -y` fetches by name)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { createInterface } from 'node:readline';
import { createClient } from '@svc/client';
import { generateWebhookSecret, unwrap } from '@svc/events';
import { labTesting } from '@svc/lab-testing';

const walk = JSON.parse(readFileSync(process.argv[2] ?? 'walk.json', 'utf8'));
const KEY = 'sk_test_rehearsal';
const WAIT_MS = 120_000; // the first `npx -y` of a line may install the package
const line = `Node ${process.version}`;
const say = (/** @type {string} */ text) => process.stdout.write(`${line}: ${text}\n`);
/** @type {Array<import('node:child_process').ChildProcess>} */
const started = [];

/** Starts `npx …` in its own process group, answers the first stdout line matching `ready`. */
async function startByName(/** @type {string[]} */ args, /** @type {RegExp} */ ready, env = process.env) {
  const child = spawn('npx', args, {
    cwd: walk.byName,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  started.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    return await Promise.race([
      new Promise((resolve) => lines.on('line', (text) => ready.test(text) && resolve(text))),
      once(child, 'exit').then(([code]) => {
        throw new Error(`npx ${args.join(' ')} exited ${code} before it was ready:\n${stderr}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`npx ${args.join(' ')}: not ready in ${WAIT_MS} ms`)),
          WAIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a command to its end; throws with its output when it fails. */
function runToEnd(/** @type {string} */ file, /** @type {string[]} */ args, env = process.env) {
  const result = spawnSync(file, args, { encoding: 'utf8', env, timeout: WAIT_MS });
  if (result.status !== 0)
    throw new Error(
      `${file} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  return result.stdout;
}

async function freePort() {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((closed) => probe.close(closed));
  return port;
}

/** A webhook receiver that verifies every delivery with @svc/events and keeps the verified events. */
async function receiver(/** @type {string} */ secret) {
  /** @type {Array<{ type: string, payload: any }>} */
  const verified = [];
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      verified.push(await unwrap(Buffer.concat(chunks), req.headers, { secret }));
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}/webhooks`, verified, close: () => server.close() };
}

async function until(/** @type {() => boolean} */ done, /** @type {string} */ what) {
  for (const deadline = Date.now() + 20_000; !done(); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((tick) => setTimeout(tick, 100));
  }
}

const secret = generateWebhookSecret();
const hooks = await receiver(secret);
try {
  // 1. The sandbox, by name, sending its webhooks to the receiver.
  const listening = await startByName(
    ['-y', '@svc/sandbox', '--port', '0', '--quiet', '--webhook-url', hooks.url],
    /listening on http:/,
    { ...process.env, SVC_SANDBOX_WEBHOOK_SECRET: secret },
  );
  const baseUrl = /(http:\/\/\S+)/.exec(String(listening))?.[1] ?? '';
  say(`npx -y @svc/sandbox: listening on ${baseUrl}`);

  // 2. The README's first call, as written but for the sandbox's port.
  writeFileSync('first-call.mjs', walk.firstCall.code.replaceAll('http://127.0.0.1:4011', baseUrl));
  const output = runToEnd(process.execPath, ['first-call.mjs']).trim();
  if (output !== walk.firstCall.output)
    throw new Error(`first-call.mjs printed\n${output}\nwhere the README shows\n${walk.firstCall.output}`);
  say(`README first-call.mjs: ${output}`);

  // 3. A lab order, its update signed by the sandbox and verified by @svc/events.
  const client = createClient({ apiKey: KEY, baseUrl });
  const { user_id } = await client.resolveUser({ client_user_id: 'rehearsal-user' });
  const order = await labTesting(client).orders.create({
    user_id,
    patient_address: { first_line: '1 Main St' },
  });
  const trigger = await fetch(new URL('/_sandbox/webhooks/trigger', baseUrl), {
    method: 'POST',
    headers: { 'x-svc-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: 'labtest.order.updated', order_id: order.id }),
  });
  if (!trigger.ok)
    throw new Error(`the sandbox refused the trigger: ${trigger.status} ${await trigger.text()}`);
  await until(
    () => hooks.verified.some((event) => event.type === 'labtest.order.updated'),
    'a verified webhook',
  );
  say(`order ${order.id}: labtest.order.updated signed by the sandbox, verified by @svc/events`);

  // 4. A backfill into SQLite with the installed svc-sync, then its status.
  const store = `sqlite:./svc-${process.versions.node.split('.')[0]}.db`;
  const env = { ...process.env, SVC_API_KEY: KEY };
  const day = (/** @type {number} */ ago) =>
    new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const range = ['--from', day(7), '--to', day(1), '--resources', 'steps']; // the sandbox's recent history
  runToEnd(
    'npx',
    ['svc-sync', 'backfill', '--store', store, '--users', 'alice', ...range, '--base-url', baseUrl],
    env,
  );
  const status = JSON.parse(runToEnd('npx', ['svc-sync', 'status', '--store', store, '--json'], env));
  if (!(status.rows?.steps > 0) || status.failed !== 0)
    throw new Error(`svc-sync stored no steps, or failed: ${JSON.stringify(status)}`);
  say(`svc-sync backfill into ${store}: ${status.rows.steps} steps rows`);

  // 5. The mock, by name, answering from the spec's examples.
  const port = await freePort();
  await startByName(['-y', '@svc/mock', '--port', String(port), '--banner'], /listening on http:/);
  const mocked = await fetch(`http://127.0.0.1:${port}/v2/user/resolve/alice`, {
    headers: { 'x-svc-api-key': KEY },
  });
  if (mocked.status !== 200) throw new Error(`the mock answered ${mocked.status}`);
  say(`npx -y @svc/mock: answered ${mocked.status} on port ${port}`);

  // 6. Every installed package imports.
  for (const name of walk.imports) await import(name);
  say(`imported ${walk.imports.join(', ')}`);
} catch (error) {
  process.stderr.write(`${line}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  hooks.close();
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM'); // npx and the server it started: one process group
    await Promise.race([exited, new Promise((tick) => setTimeout(tick, 10_000).unref())]);
  }
}
