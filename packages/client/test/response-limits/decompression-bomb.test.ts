// Issue 33: a server answered 1,826 bytes of `content-encoding: gzip, gzip` (1 GiB decoded) and the
// partner's process exited on an unhandled rejection after 2.1 GB of memory. Every answer is now read up
// to `maxResponseBytes` (64 MiB by default), received and decoded alike, on both routes.
import { execFile } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listenOnLoopback } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/index.js';
import { bomb } from './bombs.js';

const GiB = 2 ** 30;
const MiB = 2 ** 20;
const child = fileURLToPath(new URL('./bomb-child.ts', import.meta.url));

/** A plain answer that never ends: a MiB at a time, as fast as the client reads, until it hangs up. */
function endless(response: ServerResponse): void {
  const chunk = Buffer.alloc(MiB);
  response.writeHead(200, { 'content-type': 'application/json' });
  const write = (): void => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', write);
  };
  response.on('error', () => {});
  write();
}

describe('issue 33: a decompression bomb', () => {
  it('is refused on both routes with gzip, deflate, brotli and stacked codings, the memory of the process staying flat', async () => {
    const encodings = ['gzip', 'deflate', 'br', 'gzip, gzip', 'br, gzip', 'gzip, gzip, gzip'];
    const bodies = await Promise.all(encodings.map((encoding) => bomb(encoding, GiB)));
    const senders: string[] = [];
    const server = createServer((request, response) => {
      // node:http writes `Host`, fetch writes `host`: which client sent the request.
      senders.push(request.rawHeaders.includes('Host') ? 'node:http' : 'fetch');
      request.resume();
      const index = Number(request.url?.split('/').pop());
      if (Number.isNaN(index)) return endless(response);
      const body = bodies[index] as Buffer;
      response.on('error', () => {});
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': encodings[index] as string,
          'content-length': body.length,
        })
        .end(body);
    });
    const listening = await listenOnLoopback(server);
    try {
      const ids = [...encodings.keys()].map(String).concat('plain');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', child, listening.baseUrl, ...ids],
        { timeout: 60_000 },
      );
      const { outcomes, rssAtStart, peakRss } = JSON.parse(stdout) as {
        outcomes: string[];
        rssAtStart: number;
        peakRss: number;
      };
      const refused = `ResponseTooLargeError (limit ${DEFAULT_MAX_RESPONSE_BYTES})`;
      expect(outcomes).toEqual(
        ids.flatMap((id) => [`${id} over node:http: ${refused}`, `${id} over fetch: ${refused}`]),
      );
      expect(senders).toEqual(ids.flatMap(() => ['node:http', 'fetch']));
      // A GiB decoded, 14 times: without the limit, the first one alone took 2.1 GB. With it, one
      // answer's limit is held at a time (its chunks, then joined), plus the decoders' buffers.
      expect(peakRss - rssAtStart).toBeLessThan(4 * DEFAULT_MAX_RESPONSE_BYTES);
    } finally {
      await listening.close();
    }
  }, 90_000);
});
