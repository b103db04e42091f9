import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenProblem } from '../../src/listen-problem.js';

/** The error a real listen fails with. */
async function listenError(port: number, host: string): Promise<unknown> {
  const server = createServer();
  server.listen(port, host);
  const [error] = await once(server, 'error').catch((e: unknown) => [e]);
  return error;
}

describe('listenProblem', () => {
  it('reads a busy port and a host that is not here from the errors listen fails with', async () => {
    const held = createServer().listen(0, '127.0.0.1');
    await once(held, 'listening');
    try {
      const { port } = held.address() as { port: number };
      expect(listenProblem(await listenError(port, '127.0.0.1'))).toBe('port-in-use');
    } finally {
      held.close();
    }
    expect(listenProblem(await listenError(0, '192.0.2.1'))).toBe('not-here');
  });

  it('names nothing for another error, or no error at all', () => {
    expect(listenProblem(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(listenProblem(Object.assign(new Error('x'), { code: 'toString' }))).toBeUndefined();
    expect(listenProblem(undefined)).toBeUndefined();
    expect(listenProblem(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe('not-allowed');
  });
});
