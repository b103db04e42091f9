import { spawn } from 'node:child_process';
import { shippedSpecPath } from '@svc/spec/shipped-spec-path';
import { bodyRules } from './internal/body-rules.js';
import { freePort } from './internal/free-port.js';
import { type GuardFront, startGuardFront } from './internal/guard-front.js';
import { OutputTail } from './internal/output-tail.js';
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
  /**
   * What Prism printed (its request validation log included): its first 64 Ki characters and its newest
   * 1 Mi, with a line saying how much was dropped between them on a long run (Prism writes about 500 per
   * request).
   */
  log(): string;
  /** Stops Prism and waits for it to exit. */
  stop(): Promise<void>;
  /** Settles when Prism exits, by `stop()` or on its own (a crash): watch it to notice a dead mock. */
  readonly exited: Promise<MockExit>;
}

const READY = /Prism is listening on/;
/** How much of Prism's output `log()` keeps: its start (how it started) and its newest part. */
const PRISM_LOG_START_CHARS = 64 * 1024;
const PRISM_LOG_TAIL_CHARS = 1024 * 1024;

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

/** Prism's process on loopback `port`: what it printed, and how it ended (`expected` once `stopping` is set). */
function spawnPrism(specPath: string, port: number, options: MockServerOptions) {
  const args = [prismBin(), 'mock', specPath, '-h', '127.0.0.1', '-p', String(port)];
  if (options.dynamic) args.push('--dynamic');
  if (options.errors) args.push('--errors');
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const prism = {
    child,
    output: new OutputTail(PRISM_LOG_START_CHARS, PRISM_LOG_TAIL_CHARS),
    stopping: false,
  };
  // Decoded as a stream: Prism's marks (✔, ›) are several bytes, and a chunk may end inside one.
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  const collect = (chunk: string) => prism.output.add(chunk);
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<MockExit>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ expected: prism.stopping, code, signal })),
  );
  return Object.assign(prism, { exited });
}

type Prism = ReturnType<typeof spawnPrism>;

/** Settles once Prism says it listens; rejects (Prism killed) when it does not within `timeoutMs`, or exits. */
function prismListening(prism: Prism, port: number, timeoutMs: number): Promise<void> {
  const { child } = prism;
  return new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new MockStartError(
          `Prism did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`,
          prism.output.toString(),
        ),
      );
    }, timeoutMs);
    // Read until Prism says it listens, then no more (its request log is kept, not searched).
    const onData = () => {
      if (!READY.test(prism.output.toString())) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      resolveReady();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new MockStartError(`could not start Prism: ${error.message}`, prism.output.toString()));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new MockStartError(
          `Prism exited before listening (code ${code}, signal ${signal})`,
          prism.output.toString(),
        ),
      );
    });
  });
}

/** Stops the front, then Prism (SIGTERM, SIGKILL after 3 s), and waits for it to exit. */
async function stopMock(front: GuardFront, prism: Prism): Promise<void> {
  prism.stopping = true;
  await front.close();
  const { child } = prism;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
  force.unref();
  await prism.exited;
  clearTimeout(force);
}

/**
 * Starts Prism on the bundled spec behind a guarding front and resolves once it accepts requests;
 * rejects with Prism's log if it does not. The front listens where asked and answers itself what
 * would end Prism's process (a path whose percent-encoding does not decode, a JSON body nested past
 * 64 levels) or slip past its checks (an upload that is not multipart or has no file part); Prism
 * listens on a private loopback port.
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
  // Read as Prism reads it, while Prism starts; a spec Prism cannot serve is reported from Prism's log.
  const rules = bodyRules(specPath);
  rules.catch(() => {});
  const prism = spawnPrism(specPath, prismPort, options);
  try {
    await prismListening(prism, prismPort, options.startTimeoutMs ?? 30_000);
    front.forwardTo(prismPort, await rules);
  } catch (error) {
    prism.child.kill('SIGKILL');
    await front.close();
    if (error instanceof MockStartError) throw error;
    throw new MockStartError(
      `could not read ${specPath}: ${(error as Error).message}`,
      prism.output.toString(),
    );
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${front.port}`,
    port: front.port,
    log: () => prism.output.toString(),
    exited: prism.exited,
    stop: () => stopMock(front, prism),
  };
}
