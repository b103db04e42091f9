import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { type SandboxServer, serveSandbox } from '../../src/serve-sandbox.js';

let server: SandboxServer;
beforeAll(async () => {
  server = await serveSandbox(createSandbox(), { port: 0 });
});
afterAll(() => server.close());

/** Starts a POST that sends `first` and then stalls; resolves with the status of the answer. */
function stalledPost(headers: Record<string, string>, first: string | Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/v3/order`, {
      method: 'POST',
      headers: { 'x-svc-api-key': 'k', 'content-type': 'application/json', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write(first);
  });
}

describe('a slow oversized body (issue 21)', () => {
  it('gets 413 as soon as the declared size passes the limit, while the client is still sending', async () => {
    expect(await stalledPost({ 'content-length': String(5_000_000) }, '{"a":"')).toBe(413);
  });

  it('gets 413 as soon as the counted size passes the limit, while the client is still sending', async () => {
    expect(await stalledPost({ 'transfer-encoding': 'chunked' }, Buffer.alloc(1_100_000, 0x61))).toBe(413);
  });

  it('keeps serving afterwards', async () => {
    const response = await fetch(`${server.url}/v2/user/resolve/after`, {
      headers: { 'x-svc-api-key': 'k' },
    });
    expect(response.status).toBe(200);
  });
});
