import { request } from 'node:http';
import { connect } from 'node:net';
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

/**
 * Sends an upload of `size` body bytes the way many clients do, writing all of it before reading a
 * byte of the answer; resolves with the status it then reads, or the error its writing met.
 */
function uploadThenRead(size: number, framing: 'content-length' | 'chunked') {
  const head = `POST /lab_report/v1/parser/job HTTP/1.1\r\nhost: sandbox\r\nx-svc-api-key: k\r\ncontent-type: multipart/form-data; boundary=b\r\n${framing === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${size}`}\r\n\r\n`;
  const body = Buffer.alloc(size, 0x61);
  const framed = framing === 'chunked' ? [`${size.toString(16)}\r\n`, body, '\r\n0\r\n\r\n'] : [body];
  return new Promise<{ status?: number; error?: string }>((resolve) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    let error: string | undefined;
    socket.pause(); // nothing is read until everything is written
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code;
    });
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? { status: Number(status) } : { error: error ?? 'closed' });
    });
    socket.end(Buffer.concat([head, ...framed].map((part) => Buffer.from(part))), () => socket.resume());
  });
}

describe('a slow oversized body (issue 21)', () => {
  it('gets 413 as soon as the declared size passes the limit, while the client is still sending', async () => {
    expect(await stalledPost({ 'content-length': String(5_000_000) }, '{"a":"')).toBe(413);
  });

  it('gets 413 as soon as the counted size passes the limit, while the client is still sending', async () => {
    expect(await stalledPost({ 'transfer-encoding': 'chunked' }, Buffer.alloc(1_100_000, 0x61))).toBe(413);
  });

  it.each(['content-length', 'chunked'] as const)(
    'issue 33: gets 413, not a reset, when it sends all 11 MB (%s) before reading the answer',
    async (framing) => {
      for (let i = 0; i < 3; i++) expect(await uploadThenRead(11_000_000, framing)).toEqual({ status: 413 });
    },
  );

  it('issue 33: is cut off once it sends more than 64 MiB past a refusal', async () => {
    const { error } = await uploadThenRead(80 * 1_048_576, 'content-length');
    expect(['EPIPE', 'ECONNRESET']).toContain(error);
  });

  it('keeps serving afterwards', async () => {
    const response = await fetch(`${server.url}/v2/user/resolve/after`, {
      headers: { 'x-svc-api-key': 'k' },
    });
    expect(response.status).toBe(200);
  });
});
