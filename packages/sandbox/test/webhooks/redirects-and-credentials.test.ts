import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A loopback server answering every request with `answer`; counts what it received. */
async function listen(answer: (res: import('node:http').ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push(body);
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits };
}

describe('webhook delivery and redirects (issue 21)', () => {
  it('never follows a redirect: a 307 is a failed attempt in the delivery log', async () => {
    const elsewhere = await listen((res) => res.writeHead(204).end());
    const redirecting = await listen((res) => res.writeHead(307, { location: elsewhere.url }).end());
    const sandbox = strictSandbox({ webhookFetch: undefined, webhookRetryDelaysMs: [1] });
    const patientOrder = await orderFor(sandbox);
    await sandbox.webhooks.configure({ url: redirecting.url, secret: SECRET });
    await call(sandbox, 'POST', '/v3/order', { body: patientOrder });
    await sandbox.webhooks.flush();
    expect(redirecting.hits.length).toBeGreaterThan(0);
    expect(elsewhere.hits).toEqual([]);
    const attempts = sandbox.webhooks.deliveries();
    expect(attempts.map((d) => [d.status, d.delivered])).toEqual(attempts.map(() => [307, false]));
    expect(attempts[0]?.error).toContain('redirects are not followed');
  });
});

describe('webhook URLs with credentials (issue 21)', () => {
  it('refuses a URL with a user and password with 422 that does not quote it', async () => {
    const sandbox = strictSandbox();
    const refused = await call(sandbox, 'PUT', '/_sandbox/webhooks', {
      body: { url: 'https://partner:s3cr3t-pw@receiver.example.test/hook', secret: SECRET },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('user name or password');
    expect(JSON.stringify(refused.body)).not.toMatch(/s3cr3t-pw|partner/);
    await expect(
      sandbox.webhooks.configure({ url: 'https://u:p4ss@receiver.example.test/', secret: SECRET }),
    ).rejects.toThrow(/user name or password/);
  });
});
