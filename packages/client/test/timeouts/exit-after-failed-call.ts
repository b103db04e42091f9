// Child program of the exit test: one failing call with the default 60 s timeout; must exit at once.
import { createClient } from '../../src/index.js';

const [port, maxRetries] = process.argv.slice(2);
const client = createClient({
  apiKey: 'sk-exit-test',
  baseUrl: `http://127.0.0.1:${port}`,
  maxRetries: Number(maxRetries),
});
const started = Date.now();
client.resolveUser({ client_user_id: 'u1' }).then(
  () => process.stdout.write('unexpected success\n'),
  (error: Error) => process.stdout.write(`${error.name} after ${Date.now() - started} ms\n`),
);
