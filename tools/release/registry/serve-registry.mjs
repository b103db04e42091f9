// A local npm registry for the release rehearsal: Verdaccio on a free loopback port, storing under the
// folder it is given, serving only what is published to it (no uplink: a partner's other dependencies
// come from their usual registry), plus the prebuilt binaries under `<storage>/prebuilds/` at
// `/-/prebuilds/<file>` (prebuilt-binaries.mjs). Prints `{"url":…}` as its first line; stops on SIGTERM.
// Usage: node serve-registry.mjs <storage folder>
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, join } from 'node:path';
import { runServer } from 'verdaccio';

const storage = process.argv[2];
if (!storage) {
  process.stderr.write('usage: serve-registry.mjs <storage folder>\n');
  process.exit(2);
}
const verdaccio = await runServer({
  self_path: join(storage, 'config.yaml'),
  storage,
  auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: 1 } },
  uplinks: {},
  packages: { '**': { access: '$all', publish: '$authenticated' } },
  log: { type: 'stdout', format: 'pretty', level: 'warn' },
  web: { enable: false },
});
const registry = /** @type {import('node:http').RequestListener} */ (verdaccio.listeners('request')[0]);
const PREBUILDS = '/-/prebuilds/';
const server = createServer((req, res) => {
  if (!req.url?.startsWith(PREBUILDS)) return registry(req, res);
  let name = '';
  try {
    name = basename(decodeURIComponent(req.url.slice(PREBUILDS.length)));
  } catch {
    return res.writeHead(400).end(); // broken percent-encoding
  }
  const file = join(storage, 'prebuilds', name);
  if (!name || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/gzip' });
  createReadStream(file).pipe(res);
});
server.on('error', (error) => {
  process.stderr.write(`serve-registry: ${error.message}\n`);
  process.exit(1);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
