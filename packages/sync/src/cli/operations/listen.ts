import type { Server } from 'node:http';
import { CliFailure, EXIT } from '../exit-codes.js';

/** Listens on `host:port` and returns the port bound; a port or address that cannot be bound is a usage error. */
export async function listen(server: Server, port: number, host: string, option = '--port'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new CliFailure(
              `port ${port} is already in use: pass ${option} <another port> (0 picks a free one)`,
              EXIT.usage,
            )
          : ['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EACCES'].includes(error.code ?? '')
            ? new CliFailure(
                `cannot listen on ${host}:${port} (${error.code}): pass --host 127.0.0.1 or another ${option}`,
                EXIT.usage,
              )
            : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  return (server.address() as { port: number }).port;
}
