import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MockStartError, startMock } from '../../src/index.js';
import { freePort } from '../../src/internal/free-port.js';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

describe('starting and stopping the mock', () => {
  it('listens on loopback, answers, and frees the port on stop', async () => {
    const mock = await startMock();
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${mock.url}/v2/providers`, { headers: { 'x-svc-api-key': 'k' } });
    expect(response.status).toBe(200);
    await mock.stop();
    await expect(fetch(`${mock.url}/v2/providers`)).rejects.toThrow();
  });

  it('fails loudly with Prism output when the spec cannot be served', async () => {
    const error = await startMock({ specPath: '/nonexistent/openapi.json' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as MockStartError).message).toContain('Prism output');
    expect((error as MockStartError).log.length).toBeGreaterThan(0);
  });

  it('serves on the port the CLI is given and stops on SIGTERM', async () => {
    const port = await freePort('127.0.0.1');
    const child = spawn(process.execPath, [cli, '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('listening')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('exit', () => reject(new Error(`CLI exited early: ${out}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}/v2/providers`, {
      headers: { 'x-svc-api-key': 'k' },
    });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a port that is not a number before starting anything', async () => {
    const child = spawn(process.execPath, [cli, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) =>
      child.once('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(2);
    expect(err).toContain('--port must be an integer');
  });
});
