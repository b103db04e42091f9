// svc-sync serve: the console, a page on 127.0.0.1 showing the store's coverage, freshness and failures.
// The store's address is never shown or logged: it may hold a password.
import { consoleApi } from '../../console/console-api.js';
import { startConsoleServer } from '../../console/console-server.js';
import { readableStore } from '../../console/store-reader.js';
import type { SyncStore } from '../../stores/store.js';
import { integer } from '../cli-values.js';
import type { Command } from '../command.js';
import { EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';

const DEFAULT_PORT = 4000;

async function serveCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const server = await startConsoleServer(consoleApi(readableStore(store)), {
    host: values.host ?? '127.0.0.1',
    port: integer('port', values.port, DEFAULT_PORT, 0, 65_535),
  });
  process.stdout.write(`svc-sync console on ${server.url}\n`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  return EXIT.ok;
}

/** `svc-sync serve`, as ../cli.ts runs it. */
export const command: Command = {
  check: (values) => void integer('port', values.port, DEFAULT_PORT, 0, 65_535),
  run: serveCommand,
};
