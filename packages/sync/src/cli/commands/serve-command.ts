// svc-sync serve: the console, a page on 127.0.0.1 showing the store's coverage, freshness, failures and
// live runs. With SVC_API_KEY set (and a service URL), a retry from the page also reads the windows it
// plans again; without them, the next run does. The store's address is never shown or logged: it may
// hold a password.
import { type ConsoleApi, consoleApi, type Reader } from '../../console/console-api.js';
import { startConsoleServer } from '../../console/console-server.js';
import { readableStore } from '../../console/store-reader.js';
import { createSync } from '../../create-sync.js';
import type { SyncStore } from '../../stores/store.js';
import { clientOf, integer, serviceUrlGiven, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { incompleteLine } from '../incomplete-line.js';
import { listenFailure } from '../listen.js';
import type { Values } from '../parse-command.js';

const DEFAULT_PORT = 4000;

/** Reads what is owed, one run at a time, with the key in SVC_API_KEY (the store bound to its team first). */
async function readerOf(values: Values, store: SyncStore, signal: AbortSignal): Promise<Reader | undefined> {
  // The console only reads the store: without a URL it starts all the same (serveCommand says so).
  if (!process.env.SVC_API_KEY || !serviceUrlGiven(values)) return undefined;
  await store.bindTeam(teamOf());
  const sync = createSync({ client: clientOf(values), store, team: teamOf() });
  let running = false;
  return {
    resume() {
      if (running) return;
      running = true;
      sync
        .resumePending({ signal })
        .result.then(
          (result) => {
            if (result.status === 'incomplete')
              process.stderr.write(
                `svc-sync: reading retried windows: ${incompleteLine(result.cause).line}\n`,
              );
          },
          (error: unknown) => {
            process.stderr.write(`svc-sync: reading retried windows failed: ${(error as Error).name}\n`);
          },
        )
        .finally(() => {
          running = false;
        });
    },
  };
}

async function serveCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const api: ConsoleApi = consoleApi(readableStore(store), await readerOf(values, store, signal));
  const host = values.host ?? '127.0.0.1';
  const port = integer('port', values.port, DEFAULT_PORT, 0, 65_535);
  const server = await startConsoleServer(api, { host, port }).catch((error: unknown) => {
    throw listenFailure(error, port, host);
  });
  process.stdout.write(`svc-sync console on ${server.url}\n`);
  if (process.env.SVC_API_KEY && !serviceUrlGiven(values))
    process.stderr.write(
      'svc-sync: SVC_API_KEY is set but no --base-url or SVC_BASE_URL: a retry from the page plans the ' +
        'windows again, and the next backfill, webhooks or worker run reads them\n',
    );
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  return EXIT.ok;
}

/** `svc-sync serve`, as ../cli.ts runs it. */
export const command: Command = {
  check: (values) => {
    integer('port', values.port, DEFAULT_PORT, 0, 65_535);
    // The key and a URL only make retries read at once: a URL given (typed or set) must be usable.
    if (process.env.SVC_API_KEY && serviceUrlGiven(values)) clientOf(values);
  },
  run: serveCommand,
};
