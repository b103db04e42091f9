import { onTestFinished } from 'vitest';
import { type Handler, type LoopbackServer, startLoopback } from './loopback-server.js';

/** A loopback server for the current test, closed (with its connections) when the test ends. */
export async function loopbackForTest(handler: Handler): Promise<LoopbackServer> {
  const server = await startLoopback(handler);
  onTestFinished(() => server.close());
  return server;
}
