#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMock } from './start-mock.js';

const usage = `svc-mock: serve the Svc API spec with Prism

  --port, -p <n>   port (default 4010)
  --host <addr>    address (default 127.0.0.1)
  --dynamic, -d    random valid data from the schemas instead of the examples
  --errors         answer 500 when a response would not match the spec
  --banner         print an example request once listening
  --help, -h       this text`;

/** The options given; an unknown one or a missing value stops with one line and exit code 2, as a bad --port does. */
function parseOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        dynamic: { type: 'boolean', short: 'd', default: false },
        errors: { type: 'boolean', default: false },
        banner: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    // parseArgs's own words on one line (as svc-sync prints them), not its stack.
    process.stderr.write(`svc-mock: ${(error as Error).message.split('\n')[0]} (svc-mock --help)\n`);
    process.exit(2);
  }
}

const values = parseOptions();

if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  process.stderr.write(`svc-mock: --port must be an integer from 1 to 65535, got "${values.port}"\n`);
  process.exit(2);
}

try {
  const mock = await startMock({ host: values.host, port, dynamic: values.dynamic, errors: values.errors });
  process.stdout.write(
    `Svc mock listening on ${mock.url} (${values.dynamic ? 'dynamic data' : 'spec examples'})\n`,
  );
  if (values.banner) {
    process.stdout.write(
      `Try:\n  curl -s -H 'x-svc-api-key: test' ${mock.url}/v2/user/resolve/my-user-1\n` +
        `  curl -s -H 'x-svc-api-key: test' '${mock.url}/v3/lab_tests/markers?page=1&size=2'\nCtrl-C stops it.\n`,
    );
  }
  // Prism dying under us must not look like a clean stop: say so, with its last words, and fail.
  void mock.exited.then(({ expected, code, signal }) => {
    if (expected) return;
    const last = mock.log().trimEnd().split('\n').slice(-15).join('\n');
    process.stderr.write(
      `svc-mock: Prism stopped unexpectedly (code ${code}, signal ${signal}); it last printed:\n${last || '(nothing)'}\n`,
    );
    process.exit(1);
  });
  const shutdown = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  process.stderr.write(`svc-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
