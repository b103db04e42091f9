// Starts a loopback server for one test, closes it when the test ends, and hands back a real client on it.
import { createClient } from '@svc/client';
import { onTestFinished } from 'vitest';
import { paginate } from '../src/index.js';
import { type Route, startServer } from './loopback-server.js';

type ClientOptions = Omit<Parameters<typeof createClient>[0], 'apiKey' | 'baseUrl'>;

export async function serve(route: Route, options: ClientOptions = {}) {
  const server = await startServer(route);
  onTestFinished(() => server.close());
  const client = createClient({ apiKey: 'sk-test-key', baseUrl: server.baseUrl, maxRetries: 0, ...options });
  return { server, client, pages: paginate(client) };
}
