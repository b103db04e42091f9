// Starts a loopback server for one test, closes it when the test ends, and hands back a real client on it.
import { type Handler, loopbackForTest } from '@svc/test-kit';
import { createClient } from '../../src/index.js';

type ClientOptions = Omit<Parameters<typeof createClient>[0], 'apiKey' | 'baseUrl'>;

export async function serve(route: Handler, options: ClientOptions = {}) {
  const server = await loopbackForTest(route);
  const client = createClient({ apiKey: 'sk-test-key', baseUrl: server.baseUrl, maxRetries: 0, ...options });
  return { server, client };
}
