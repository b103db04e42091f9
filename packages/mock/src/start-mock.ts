import { spawn } from 'node:child_process';
import { bundledSpecPath } from './bundled-spec-path.js';
import { freePort } from './internal/free-port.js';
import { prismBin } from './internal/prism-bin.js';
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

/** Starts Prism on the bundled spec and resolves once it accepts requests; rejects with its log if it does not. */
export async function startMock(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const args = [prismBin(), 'mock', options.specPath ?? bundledSpecPath(), '-h', host, '-p', String(port)];
  if (options.dynamic) args.push('--dynamic');
  if (options.errors) args.push('--errors');

  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  let stopping = false;
  const exited = new Promise<MockExit>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ expected: stopping, code, signal })),
  );

  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new MockStartError(
          `Prism did not listen on ${host}:${port} within ${options.startTimeoutMs ?? 30_000} ms`,
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
      // Prism answers a busy port with its whole usage text and EADDRINUSE last: say what to do first.
      if (/EADDRINUSE/.test(output)) {
        const tried = `${host}:${port}`;
        const message = `port ${port} is already in use on ${host}: stop what listens on ${tried}, or choose another port (svc-mock --port <n>; startMock({ port: 0 }) picks a free one)`;
        reject(new MockStartError(message, output, { showLog: false }));
        return;
      }
      reject(new MockStartError(`Prism exited before listening (code ${code}, signal ${signal})`, output));
    });
  });

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    log: () => output,
    exited,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      force.unref();
      await exited;
      clearTimeout(force);
    },
  };
}
