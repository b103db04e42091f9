import { spawn } from 'node:child_process';
import { shippedSpecPath } from '@svc/spec/shipped-spec-path';
import { freePort } from './internal/free-port.js';
import { type GuardFront, startGuardFront } from './internal/guard-front.js';
import { prismBin } from './internal/prism-bin.js';
import { uploadRules } from './internal/upload-rules.js';
import { MockStartError } from './mock-start-error.js';

export interface MockServerOptions {
  /** Loopback by default: the mock is for local tests and partner development, never exposed. */
  host?: string;
  /** 0 (default) picks a free port. Partners' CLI default is 4010. */
  port?: number;
  /** Generate random valid data from the schemas instead of serving the examples. */
  dynamic?: boolean;
  /** Answer 500 when an example or response does not match the spec (catches spec mistakes). */
  errors?: boolean;
  /** Spec to serve; defaults to the bundled spec shipped in this package. */
  specPath?: string;
  /** How long to wait for Prism to listen before failing. */
  startTimeoutMs?: number;
}

/** How Prism ended: `expected` is true only after `stop()`. */
export interface MockExit {
  readonly expected: boolean;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface MockServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly port: number;
  /** Everything Prism printed so far (its request validation log included). */
  log(): string;
  /** Stops Prism and waits for it to exit. */
  stop(): Promise<void>;
  /** Settles when Prism exits, by `stop()` or on its own (a crash): watch it to notice a dead mock. */
  readonly exited: Promise<MockExit>;
}

const READY = /Prism is listening on/;

/** A busy port says what to do first; the listen error (with its EADDRINUSE) stays on `log`. */
function frontError(error: NodeJS.ErrnoException, host: string, port: number): MockStartError {
  if (error.code === 'EADDRINUSE') {
    const message = `port ${port} is already in use on ${host}: stop what listens on ${host}:${port}, or choose another port (svc-mock --port <n>; startMock({ port: 0 }) picks a free one)`;
    return new MockStartError(message, error.message, { showLog: false });
  }
  return new MockStartError(`could not listen on ${host}:${port}: ${error.message}`, error.message, {
    showLog: false,
  });
}

/**
 * Starts Prism on the bundled spec behind a guarding front and resolves once it accepts requests;
 * rejects with Prism's log if it does not. The front listens where asked and answers itself what
 * would end Prism's process (a path whose percent-encoding does not decode) or slip past its checks
 * (an upload that is not multipart or has no file part); Prism listens on a private loopback port.
 */
export async function startMock(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const specPath = options.specPath ?? shippedSpecPath(import.meta.url);
  let front: GuardFront;
  try {
    front = await startGuardFront(host, options.port ?? 0);
  } catch (error) {
    throw frontError(error as NodeJS.ErrnoException, host, options.port ?? 0);
  }
  const prismPort = await freePort('127.0.0.1');
  const args = [prismBin(), 'mock', specPath, '-h', '127.0.0.1', '-p', String(prismPort)];
  if (options.dynamic) args.push('--dynamic');
  if (options.errors) args.push('--errors');
  // Read as Prism reads it, while Prism starts; a spec Prism cannot serve is reported from Prism's log.
  const rules = uploadRules(specPath);
  rules.catch(() => {});

  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  let stopping = false;
  const exited = new Promise<MockExit>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ expected: stopping, code, signal })),
  );

  try {
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new MockStartError(
            `Prism did not listen on 127.0.0.1:${prismPort} within ${options.startTimeoutMs ?? 30_000} ms`,
            output,
          ),
        );
      }, options.startTimeoutMs ?? 30_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (READY.test(output)) {
          clearTimeout(timer);
          resolveReady();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new MockStartError(`could not start Prism: ${error.message}`, output));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new MockStartError(`Prism exited before listening (code ${code}, signal ${signal})`, output));
      });
    });
    front.forwardTo(prismPort, await rules);
  } catch (error) {
    child.kill('SIGKILL');
    await front.close();
    if (error instanceof MockStartError) throw error;
    throw new MockStartError(`could not read ${specPath}: ${(error as Error).message}`, output);
  }

  const port = front.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    log: () => output,
    exited,
    async stop() {
      stopping = true;
      await front.close();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      force.unref();
      await exited;
      clearTimeout(force);
    },
  };
}
