import { createClient, type SvcClient } from '@svc/client';
import { createSandbox, type Sandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { afterAll, beforeAll } from 'vitest';

/**
 * The real sandbox over loopback (strict: an answer that breaks the spec is a 500) and a client as a
 * partner has, started before the file's tests and closed after them.
 */
export function loopbackSandbox(apiKey: string, seed: string): { sandbox: Sandbox; client: SvcClient } {
  const started = {} as { sandbox: Sandbox; client: SvcClient };
  let server: SandboxServer;
  beforeAll(async () => {
    started.sandbox = createSandbox({ apiKey, seed, strict: true });
    server = await serveSandbox(started.sandbox, { port: 0 });
    started.client = createClient({ apiKey, baseUrl: server.url, maxRetries: 0 });
  });
  afterAll(() => server.close());
  return started;
}
