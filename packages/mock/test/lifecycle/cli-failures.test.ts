import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MockStartError, startMock } from '../../src/index.js';
import { freePort } from '../../src/internal/free-port.js';
import { childPids, commandLine, runCli } from '../fixtures/run-cli.js';

let busy: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve()));
  busy = undefined;
});

/** Holds a loopback port, as another mock or dev server would. */
async function occupiedPort(): Promise<number> {
  busy = createServer();
  await new Promise<void>((resolve) => busy?.listen(0, '127.0.0.1', resolve));
  const address = busy.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe('bad arguments', () => {
  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--port'], 'argument missing'],
    [['--port', 'abc'], '--port must be an integer'],
  ])('make the CLI print one line on stderr and exit 2 for %j, without a stack trace', async (args, says) => {
    const run = runCli(args);
    expect(await run.exitCode).toBe(2);
    const lines = run.stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^svc-mock: /);
    expect(lines[0]).toContain(says);
    expect(run.stdout()).toBe('');
  });
});

describe('a busy port', () => {
  it('makes the CLI say on its first line which port is taken and how to choose another, without usage text', async () => {
    const port = await occupiedPort();
    const run = runCli(['--port', String(port)]);
    expect(await run.exitCode).toBe(1);
    const [first, ...rest] = run.stderr().trimEnd().split('\n');
    expect(first).toContain(`port ${port} is already in use`);
    expect(first).toContain('--port');
    expect(rest).toEqual([]);
    expect(run.stderr()).not.toContain('Positionals');
  });

  it('rejects startMock with a MockStartError naming the port and keeping what Prism printed', async () => {
    const port = await occupiedPort();
    const error = await startMock({ port }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as MockStartError).message.split('\n')[0]).toContain(`port ${port} is already in use`);
    expect((error as MockStartError).log).toContain('EADDRINUSE');
  });
});

describe('Prism dying after the mock started', () => {
  it('makes the CLI exit non-zero and say that Prism stopped', async () => {
    const run = runCli(['--port', String(await freePort('127.0.0.1'))]);
    await run.printed('listening');
    const [prism] = childPids(run.child.pid as number);
    expect(prism).toBeDefined();
    process.kill(prism as number, 'SIGKILL');
    expect(await run.exitCode).toBe(1);
    expect(run.stderr()).toContain('Prism stopped unexpectedly (code null, signal SIGKILL)');
  });

  it('settles exited as unexpected, and as expected after stop()', async () => {
    const crashed = await startMock();
    // Prism listens on a private loopback port behind the mock's front; its log names it.
    const prismPort = /Prism is listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(crashed.log())?.[1];
    const prism = childPids(process.pid).find((pid) => commandLine(pid).includes(` -p ${prismPort}`));
    expect(prism).toBeDefined();
    process.kill(prism as number, 'SIGKILL');
    expect(await crashed.exited).toMatchObject({ expected: false, signal: 'SIGKILL' });

    const stopped = await startMock();
    await stopped.stop();
    expect(await stopped.exited).toMatchObject({ expected: true });
  });
});
