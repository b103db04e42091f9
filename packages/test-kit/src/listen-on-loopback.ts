import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  baseUrl: string;
  /** Closes the server and its open connections, those with a request under way too. */
  close(): Promise<void>;
}

/** Starts a node:http server on 127.0.0.1 at a free port (port 0). */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
