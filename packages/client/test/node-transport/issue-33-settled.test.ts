// Issue 33: over node:http the attempt was marked settled before its body was turned into text, so a
// throw there (a text too long for one string) was lost: the process exited on an uncaught error, or
// the call never settled. Whatever making the reply throws now fails the attempt.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { listenOnLoopback } from '@svc/test-kit';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ConnectionError, createClient } from '../../src/index.js';

/** A body length no other buffer of the test has: its text is the one that fails. */
const LENGTH = 12_345;
const body = JSON.stringify({ note: 'x'.repeat(LENGTH - 11) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('issue 33: a body that cannot be turned into text over node:http', () => {
  it.each([
    ['a plain answer', undefined],
    ['a gzip answer', 'gzip'],
  ])('fails the call instead of being lost: %s', async (_name, encoding) => {
    const server = await listenOnLoopback(
      createServer((request, response) => {
        request.resume();
        response
          .writeHead(200, {
            'content-type': 'application/json',
            ...(encoding && { 'content-encoding': encoding }),
          })
          .end(encoding ? gzipSync(body) : body);
      }),
    );
    onTestFinished(() => server.close());
    expect(body.length).toBe(LENGTH);
    const original = Buffer.prototype.toString;
    // As V8 refuses a string past its longest: a RangeError from the one conversion of this body.
    vi.spyOn(Buffer.prototype, 'toString').mockImplementation(function (this: Buffer, ...args) {
      if (this.length === LENGTH && (args[0] ?? 'utf8') === 'utf8')
        throw new RangeError('Cannot create a string longer than 0x1fffffe8 characters');
      return original.apply(this, args as Parameters<typeof original>);
    });
    const svc = createClient({ apiKey: 'sk-test-0123456789', baseUrl: server.baseUrl, maxRetries: 0 });
    const error = await svc.resolveUser({ client_user_id: 'u-1' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/Cannot create a string longer/);
  });
});
