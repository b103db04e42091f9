// The sandbox beside the Prism mock: start-up of each bin to its first answer, requests per second on
// loopback at 32 concurrent (a read and an order create), and the sandbox's in-process fetch per call.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, round } from './stats.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** A package's bin as its package.json declares it: what `npx <bin>` runs for a partner. */
function binOf(name: '@svc/sandbox' | '@svc/mock', bin: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const bins = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), bins[bin] as string);
}
const KEY = 'sk_test_bench';
const ORDER_BODY = JSON.stringify({ patient_address: { first_line: '1 Main St' } });

/** The two servers, started the way a partner starts them; the mock needs a port given up front. */
const SERVERS = {
  sandbox: (port: number) => [binOf('@svc/sandbox', 'svc-sandbox'), '--port', String(port)],
  mock: (port: number) => [binOf('@svc/mock', 'svc-mock'), '--port', String(port)],
} as const;
export type ServerName = keyof typeof SERVERS;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((closed) => probe.close(closed));
  return port;
}

/** `taskset -c CPU` when there is a second core, so the server and the load never share one. */
const pinned = (cpu: number, command: string[]) =>
  process.platform === 'linux' ? ['taskset', '-c', String(cpu), ...command] : command;

async function firstAnswer(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${url}/v2/user/resolve/bench-user`, {
        headers: { 'x-svc-api-key': KEY },
      });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer within the deadline`);
    await new Promise((wait) => setTimeout(wait, 5));
  }
}

/** Starts a server pinned to core 0; resolves once it answers a read, with the milliseconds that took. */
async function start(name: ServerName): Promise<{ child: ChildProcess; url: string; readyMs: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = pinned(0, [process.execPath, ...SERVERS[name](port)]) as [string, ...string[]];
  const t0 = performance.now();
  const child = spawn(command, args, { stdio: 'ignore' });
  await firstAnswer(url, t0 + 30_000);
  return { child, url, readyMs: performance.now() - t0 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds a process has used (user + system), from /proc: what the server spent, whatever the load. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
}

/**
 * autocannon in its own process on core 1: 32 connections for `seconds`. Returns requests per second of
 * wall time, and requests per second of the server's own CPU time (what one free core would serve).
 */
async function load(url: string, pid: number, request: 'read' | 'create', seconds: number) {
  const bin = require.resolve('autocannon/autocannon.js');
  const target = request === 'read' ? `${url}/v2/user/resolve/bench-user` : `${url}/v3/order`;
  const extra =
    request === 'read' ? [] : ['-m', 'POST', '-H', 'content-type=application/json', '-b', ORDER_BODY];
  const argv = pinned(1, [
    process.execPath,
    bin,
    '-c',
    '32',
    '-d',
    String(seconds),
    '-j',
    '-H',
    `x-svc-api-key=${KEY}`,
    ...extra,
    target,
  ]);
  const cpu0 = cpuSeconds(pid);
  const { stdout } = await run(argv[0] as string, argv.slice(1), { maxBuffer: 16 * 1024 * 1024 });
  const cpu = cpuSeconds(pid) - cpu0;
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${request} against ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { perSecond: result.requests.average, perCpuSecond: result.requests.total / cpu };
}

export interface ServerRow {
  server: ServerName;
  readyMs: number;
  readRps: number;
  readsPerCpuSecond: number;
  createRps: number;
  createsPerCpuSecond: number;
}

/** Each server: `rounds` cold starts (median), then a read and a create load of `seconds` each. */
export async function measureServers(rounds: number, seconds: number, log: (line: string) => void) {
  const rows: ServerRow[] = [];
  for (const name of Object.keys(SERVERS) as ServerName[]) {
    const ready: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const { child, readyMs } = await start(name);
      ready.push(readyMs);
      await stop(child);
    }
    const { child, url } = await start(name);
    try {
      log(`  ${name}: ready ${round(median(ready), 0)} ms; loading…`);
      const pid = child.pid as number;
      const read = await load(url, pid, 'read', seconds);
      const create = await load(url, pid, 'create', seconds);
      rows.push({
        server: name,
        readyMs: round(median(ready), 0),
        readRps: round(read.perSecond, 0),
        readsPerCpuSecond: round(read.perCpuSecond, 0),
        createRps: round(create.perSecond, 0),
        createsPerCpuSecond: round(create.perCpuSecond, 0),
      });
    } finally {
      await stop(child);
    }
  }
  return rows;
}

/** In-process `sandbox.fetch`, no socket, in a fresh process (see the child): µs per call, median over rounds. */
export async function measureInProcess(rounds: number, calls: number) {
  const child = fileURLToPath(new URL('./sandbox-in-process-child.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [child, String(rounds), String(calls)]);
  return JSON.parse(stdout) as { read: string; wallUs: number; cpuUs: number }[];
}
