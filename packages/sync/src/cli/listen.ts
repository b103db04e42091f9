// How every server of the CLI binds its port (the receiver, the worker's metrics, the console): an
// address that cannot be bound is the operator's to change, told in the same line for each.
import type { Server } from 'node:http';
import { listenProblem } from '@svc/server-edge/listen-problem';
import { CliFailure, EXIT } from './exit-codes.js';

/** A port or address that cannot be bound, as a usage failure naming the option to change; any other error as it is. */
export function listenFailure(error: unknown, port: number, host: string, option = '--port'): unknown {
  const problem = listenProblem(error);
  if (problem === 'port-in-use')
    return new CliFailure(
      `port ${port} is already in use: pass ${option} <another port> (0 picks a free one)`,
      EXIT.usage,
    );
  if (problem !== undefined)
    return new CliFailure(
      `cannot listen on ${host}:${port} (${(error as NodeJS.ErrnoException).code}): pass --host 127.0.0.1 or another ${option}`,
      EXIT.usage,
    );
  return error;
}

/** Listens on `host:port` and returns the port bound; a port or address that cannot be bound is a usage error. */
export async function listen(server: Server, port: number, host: string, option = '--port'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenFailure(error, port, host, option)));
    server.listen(port, host, resolve);
  });
  return (server.address() as { port: number }).port;
}
