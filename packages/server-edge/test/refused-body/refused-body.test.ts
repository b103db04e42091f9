import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerUnread, bodyChunks, DRAIN_MAX_BYTES, readUpTo } from '../../src/refused-body.js';

const LIMIT = 1024;
let server: Server | undefined;
const drained: boolean[] = [];

/** A server that reads up to LIMIT bytes and refuses a larger body with a 413 through answerUnread. */
async function start(): Promise<number> {
  server = createServer((request, response) => {
    const next = bodyChunks(request);
    void readUpTo(next, LIMIT).then(async (body) => {
      if (body) return response.end(`read ${body.byteLength}`);
      await answerUnread(request, response, next, 413, { 'content-type': 'text/plain' }, 'too large');
      drained.push(response.writableEnded);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  drained.length = 0;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Sends `size` bytes in 64 KiB chunks; resolves with the answer's status and body, or the socket error. */
function upload(port: number, size: number): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const call = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/',
      headers: { 'content-length': size },
    });
    call.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode, body: Buffer.concat(parts).toString() }),
      );
      response.on('error', (error) => resolve({ status: response.statusCode, error: error.message }));
    });
    call.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    const chunk = Buffer.alloc(65_536);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.byteLength, size - sent));
        sent += piece.byteLength;
        if (!call.write(piece)) return void call.once('drain', write);
      }
      call.end();
    };
    write();
  });
}

/**
 * Sends `size` bytes on a raw socket that never hangs up first (as a sender still uploading does), and
 * reads what comes back until the server closes: the answer, as text.
 */
async function uploadWhole(port: number, size: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const answer: Buffer[] = [];
  socket.on('data', (part: Buffer) => answer.push(part));
  const closed = once(socket, 'close');
  socket.write(`POST / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-length: ${size}\r\n\r\n`);
  const chunk = Buffer.alloc(65_536);
  for (let sent = 0; sent < size; sent += chunk.byteLength)
    if (!socket.write(chunk.subarray(0, Math.min(chunk.byteLength, size - sent))))
      await once(socket, 'drain');
  await closed;
  return Buffer.concat(answer).toString();
}

describe('a refused body', () => {
  it('reads a body within the limit', async () => {
    const port = await start();
    expect(await upload(port, 100)).toEqual({ status: 200, body: 'read 100' });
  });

  it('answers 413 while the sender is still uploading, then drains the rest instead of resetting', async () => {
    const port = await start();
    const answer = await uploadWhole(port, 8 * 1_048_576);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.endsWith('\r\n\r\ntoo large')).toBe(true);
    expect(drained).toEqual([true]);
  });

  it('cuts the connection once the rest passes DRAIN_MAX_BYTES: the drain is bounded', async () => {
    const port = await start();
    const answer = await upload(port, DRAIN_MAX_BYTES + 4 * 1_048_576);
    // The 413 went out whole first; then the rest, past the bound, is cut rather than read on.
    expect(answer).toMatchObject({ status: 413, body: 'too large' });
    await vi.waitFor(() => expect(drained).toEqual([false]), { timeout: 30_000 });
  }, 60_000);
});
