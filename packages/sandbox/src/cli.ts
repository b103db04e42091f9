#!/usr/bin/env node
// svc-sandbox: the stateful sandbox on a loopback port. Bad input gets a 4xx and the server keeps
// serving; a crash exits non-zero with its cause.
import { parseArgs } from 'node:util';
import { listenFailure } from './cli-listen-failure.js';
import { CLI_OPTIONS } from './cli-options.js';
import { isLoopback } from './console/page-guard.js';
import { createSandbox, DEFAULT_API_KEY, DEFAULT_START_TIME } from './create-sandbox.js';
import { parseIsoTime } from './internal/parse-iso-time.js';
import type { RequestLogEntry } from './serve/request-log.js';
import { serveSandbox } from './serve-sandbox.js';
import { StateFile, StateFileInUseError } from './state-file.js';
import { checkWebhookConfig } from './webhooks/webhook-dispatcher.js';
import type { SandboxState } from './world/state/world-state.js';

/** Where the webhook secret can come from instead of the command line (visible to every user in `ps`). */
const SECRET_ENV = 'SVC_SANDBOX_WEBHOOK_SECRET';
const USAGE = `Usage: svc-sandbox [--port 4011] [--host 127.0.0.1] [--seed TEXT] [--state FILE]
                   [--frozen] [--start-time DATE-TIME] [--history-days 90]
                   [--rate-limit N [--rate-burst N]] [--log text|json] [--quiet]
                   [--webhook-url URL [--webhook-secret whsec_…]] [--strict]
The webhook secret is read from ${SECRET_ENV} when --webhook-secret is not given.`;

function fail(message: string, code = 1): never {
  process.stderr.write(`svc-sandbox: ${message}\n`);
  process.exit(code);
}

process.on('uncaughtException', (error) => fail(`crashed: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) =>
  fail(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
);

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: CLI_OPTIONS,
    strict: true,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a port number (got ${args.port})\n${USAGE}`, 2);
const webhookSecret = args['webhook-secret'] ?? (process.env[SECRET_ENV] || undefined);
if (args['webhook-secret'] !== undefined && !args['webhook-url'])
  fail('--webhook-secret needs --webhook-url', 2);
if (args['webhook-url'] && webhookSecret === undefined)
  fail(`--webhook-url needs a secret: set ${SECRET_ENV} (or pass --webhook-secret)`, 2);

const webhooks = args['webhook-url']
  ? { url: args['webhook-url'], secret: webhookSecret as string }
  : undefined;
if (webhooks) {
  try {
    await checkWebhookConfig(webhooks);
  } catch (error) {
    fail((error as Error).message, 2);
  }
}
if (args.log !== 'text' && args.log !== 'json')
  fail(`--log must be text or json (got ${args.log})\n${USAGE}`, 2);
if (args['rate-burst'] !== undefined && args['rate-limit'] === undefined)
  fail('--rate-burst needs --rate-limit', 2);
/** A number flag, or undefined when not given; anything but a number stops with exit code 2. */
const numberFlag = (name: 'history-days' | 'rate-limit' | 'rate-burst') => {
  const text = args[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    fail(`--${name} must be a number (got ${text})\n${USAGE}`, 2);
  return value;
};
const startTime = args['start-time'];
// Checked here for a one-line refusal in the flag's own spelling (createSandbox names `startTime`).
if (startTime !== undefined && parseIsoTime(startTime) === undefined)
  fail(`--start-time must be a date-time (ISO 8601), such as ${DEFAULT_START_TIME} (got ${startTime})`, 2);
const rateLimit = numberFlag('rate-limit');
const rateBurst = numberFlag('rate-burst');
const stateFile = args.state === undefined ? undefined : new StateFile(args.state);
if (stateFile) {
  try {
    stateFile.lock();
  } catch (error) {
    if (error instanceof StateFileInUseError) fail(error.message);
    const { code, message } = error as NodeJS.ErrnoException;
    fail(`could not lock --state ${stateFile.path} (${code ?? 'error'}: ${message})`);
  }
}
// A request is answered only once its change is written.
const persist = () => (stateFile ? stateFile.save(() => sandbox.exportState()) : Promise.resolve());

let sandbox: ReturnType<typeof createSandbox>;
try {
  sandbox = createSandbox({
    seed: args.seed,
    strict: args.strict,
    webhooks,
    onCommit: stateFile ? persist : undefined,
    // The server lives on the partner's day: real time unless --frozen.
    clock: args.frozen ? 'frozen' : 'real',
    startTime,
    historyDays: numberFlag('history-days'),
    rateLimit:
      rateLimit === undefined
        ? undefined
        : { perSecond: rateLimit, ...(rateBurst === undefined ? {} : { burst: rateBurst }) },
  });
} catch (error) {
  // Bad option values are TypeErrors naming the option in its in-process spelling.
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}

if (stateFile) {
  try {
    const saved = stateFile.read();
    if (saved !== undefined) sandbox.importState(saved as SandboxState);
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    // Readable but implausible: what to do about it, not "not a state file".
    if (code === 'saved_at_out_of_range') fail(`--state ${stateFile.path}: ${message}`, 2);
    fail(`--state ${stateFile.path} is not a sandbox state file: ${message}`, 2);
  }
}

/** One line per request on stdout: readable text, or JSON lines with --log json. */
function logRequest(entry: RequestLogEntry): void {
  process.stdout.write(
    args.log === 'json'
      ? `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`
      : `${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms ${entry.request_id ?? '-'}\n`,
  );
}

let server: Awaited<ReturnType<typeof serveSandbox>>;
try {
  server = await serveSandbox(sandbox, {
    port,
    host: args.host,
    onRequest: args.quiet ? undefined : logRequest,
  });
} catch (error) {
  const { message, exitCode } = listenFailure(error, args.host, port);
  fail(message, exitCode);
}
server.server.on('error', (error) => fail(`server error: ${error.message}`));

// Before the banner: a stop asked for as soon as it is printed still saves the state and frees the lock.
async function shutdown() {
  await persist().catch((error: Error) => fail(error.message));
  await server.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const clockLine =
  sandbox.clock.mode === 'real'
    ? `Clock: real time (a new world starts at ${args['start-time'] ?? 'the wall-clock now'}); --frozen holds it still`
    : `Clock: frozen (a new world starts at ${args['start-time'] ?? DEFAULT_START_TIME}); POST /_sandbox/clock/advance moves it`;
process.stdout.write(
  `svc-sandbox listening on ${server.url}${args.strict ? ' (strict)' : ''}\n${clockLine}\n` +
    `Try: curl -s -H '${sandbox.apiKeyHeader}: ${DEFAULT_API_KEY}' ${server.url}/v2/user/resolve/alice\n` +
    (isLoopback(args.host)
      ? `Console: ${server.url}/_sandbox/console/ (this machine only)\n`
      : 'Console: off (served on a loopback --host only)\n'),
);
