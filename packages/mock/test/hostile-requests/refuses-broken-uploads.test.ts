import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../../src/index.js';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
const key = { 'x-svc-api-key': 'k' };

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock();
}, 60_000);
afterAll(() => mock?.stop());

const upload = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${mock.url}/lab_report/v1/parser/job`, { method: 'POST', headers: { ...key, ...headers }, body });

/** Writes a whole 11 MB upload before reading a byte, as many clients do; the status it then reads, or its error. */
function oversizedUploadThenRead(): Promise<number | string> {
  const size = 11_000_000;
  const head = `POST /lab_report/v1/parser/job HTTP/1.1\r\nhost: mock\r\nx-svc-api-key: k\r\ncontent-type: multipart/form-data; boundary=xyz\r\ncontent-length: ${size}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(mock.url).port), '127.0.0.1');
    let answer = '';
    let failure = 'closed';
    socket.pause();
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure = error.code ?? error.message;
    });
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || failure));
    socket.end(Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0x61)]), () => socket.resume());
  });
}

describe('report uploads the mock refuses (issue 21)', () => {
  it('answers 400 to a body that is not valid multipart', async () => {
    const response = await upload('garbage, not a form', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, title: 'Malformed multipart body' });
  });

  it('answers 422 to a form without a file part, naming the field', async () => {
    const form = new FormData();
    form.set('note', 'no file here');
    const response = await upload(form);
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toContain('"file"');
  });

  it('answers 422 when the file field is sent as plain text', async () => {
    const form = new FormData();
    form.set('file', 'just text');
    expect((await upload(form)).status).toBe(422);
  });

  it('answers 413 as soon as the declared size passes the limit, without waiting for the body', async () => {
    // Declares 20 MB and sends a few bytes: the answer must come from the declaration alone.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${mock.url}/lab_report/v1/parser/job`, {
        method: 'POST',
        headers: {
          ...key,
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(20_000_000),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('--xyz\r\n');
    });
    expect(status).toBe(413);
  });

  it('issue 33: answers 413, not a reset, to a client that sends all of an 11 MB upload before reading', async () => {
    for (let i = 0; i < 3; i++) expect(await oversizedUploadThenRead()).toBe(413);
  });

  it('still answers a well-formed upload with the spec example', async () => {
    const form = new FormData();
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'report.pdf');
    const response = await upload(form);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('id');
  });
});
