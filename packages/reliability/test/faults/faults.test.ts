// Thousands of calls against a server injecting faults, from a child process: every call settles with
// data or a typed error, no rejection goes unhandled, every order is created exactly once, and the
// process ends by itself once its last call has settled (no timer or socket left behind).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_CALLS, FULL, SEED } from '../counts.js';
import { FAULTS, type FaultServer, startFaultServer } from './fault-server.js';

/** The driver must exit within this long of printing its summary (its last call has settled by then). */
const EXIT_BOUND_MS = 10_000;
const DRIVER = fileURLToPath(new URL('./driver.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

interface Summary {
  outcomes: Record<string, number>;
  untyped: string[];
  wrongData: string[];
  unhandled: number;
  orders: Array<{ ref: string; key?: string; id?: string; error?: string; recovered?: boolean }>;
}

interface DriverRun {
  summary: Summary;
  exitCode: number | null;
  /** From the summary line to the process's exit. */
  exitAfterMs: number;
  stderr: string;
}

function runDriver(
  url: string,
  calls: number,
  exitBoundMs = EXIT_BOUND_MS,
  leak = false,
): Promise<DriverRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', DRIVER], {
      cwd: PACKAGE_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FAULT_URL: url,
        FAULT_CALLS: String(calls),
        FAULT_RUN: `seed${SEED}${leak ? '-leak' : ''}`,
        FAULT_LEAK: leak ? '1' : '0',
      },
    });
    let stdout = '';
    let stderr = '';
    let summaryAt: number | undefined;
    let bound: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (summaryAt === undefined && stdout.includes('\n')) {
        summaryAt = Date.now();
        bound = setTimeout(() => {
          child.kill('SIGKILL');
          reject(
            new Error(
              `the driver did not exit within ${exitBoundMs} ms of its last call (leftover timer or socket)`,
            ),
          );
        }, exitBoundMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => {
      clearTimeout(bound);
      if (summaryAt === undefined)
        return reject(new Error(`the driver exited (${exitCode}) without a summary:\n${stderr}`));
      resolve({
        summary: JSON.parse(stdout) as Summary,
        exitCode,
        exitAfterMs: Date.now() - summaryAt,
        stderr,
      });
    });
  });
}

describe(`fault injection: ${FAULT_CALLS} calls${FULL ? ' (full run)' : ''}, seed ${SEED}`, () => {
  let server: FaultServer;
  let run: DriverRun;

  beforeAll(
    async () => {
      server = await startFaultServer({ seed: SEED });
      run = await runDriver(server.url, FAULT_CALLS);
    },
    FULL ? 600_000 : 120_000,
  );

  afterAll(async () => {
    await server?.close();
  });

  it('injected every kind of fault', () => {
    for (const fault of FAULTS) expect(server.stats.injected[fault], fault).toBeGreaterThan(0);
  });

  it('settles every call with the right data or a typed error', () => {
    const { outcomes, untyped, wrongData } = run.summary;
    expect(untyped).toEqual([]);
    expect(wrongData).toEqual([]);
    expect(Object.values(outcomes).reduce((sum, count) => sum + count, 0)).toBe(FAULT_CALLS);
    // With two retries most calls get through (about 95 %; the bound leaves room for a loaded machine).
    expect(outcomes.ok ?? 0).toBeGreaterThan(FAULT_CALLS * 0.6);
    const typed = [
      'ok',
      'InternalServerError',
      'RateLimitError',
      'ConnectionError',
      'TimeoutError',
      'ResponseTooLargeError',
    ];
    expect(Object.keys(outcomes).filter((name) => !typed.includes(name))).toEqual([]);
  });

  it('leaves no rejection unhandled and prints no warning', () => {
    expect(run.summary.unhandled).toBe(0);
    expect(run.stderr).not.toMatch(/Warning|Error/);
  });

  it('exits by itself, promptly, once the last call has settled', () => {
    expect(run.exitCode).toBe(0);
    expect(run.exitAfterMs).toBeLessThan(EXIT_BOUND_MS);
  });

  it('notices a driver that leaves a timer behind (control of the exit check)', async () => {
    await expect(runDriver(server.url, 3, 1500, true)).rejects.toThrow(/did not exit within 1500 ms/);
  });

  it('sends one idempotency key for all the attempts of an order call, and never none', () => {
    const { orders } = run.summary;
    expect(server.stats.ordersWithoutKey).toBe(0);
    for (const order of orders) {
      const keys = [...(server.stats.keysByRef.get(order.ref) ?? [])];
      expect(keys.length, order.ref).toBeLessThanOrEqual(1);
      if (order.key !== undefined && keys.length > 0) expect(keys).toEqual([order.key]);
    }
  });

  it('creates each order exactly once under faults, even when the answer to its creation was lost', () => {
    const { orders } = run.summary;
    // The lost-answer case happened, and retries were answered from the first creation.
    expect(server.stats.replays).toBeGreaterThan(0);
    for (const order of orders) {
      const created = server.stats.createdByRef.get(order.ref) ?? [];
      expect(created.length, order.ref).toBeLessThanOrEqual(1);
      if (order.id !== undefined)
        expect(
          created.map((record) => record.id),
          order.ref,
        ).toEqual([order.id]);
      // A call that passed its own key was retried later with it: it too ends with exactly one order.
      if (order.key !== undefined) expect(created, order.ref).toHaveLength(1);
    }
  });
});
