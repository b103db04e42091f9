// Issue 39: a signal to turbo alone let `turbo run … && next` go on, and `pnpm test` exit 0.
// Each case runs real turbo in a one-package workspace of its own and signals one process by its id.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const runner = join(import.meta.dirname, '../turbo-run.mjs');
const turboLauncher = createRequire(import.meta.url).resolve('turbo/bin/turbo');
let workspace = '';

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'svc-turbo-run-'));
  const write = (path: string, value: unknown) => writeFileSync(join(workspace, path), JSON.stringify(value));
  mkdirSync(join(workspace, 'pkgs/a'), { recursive: true });
  write('package.json', {
    name: 'fixture',
    private: true,
    packageManager: 'npm@10.0.0',
    workspaces: ['pkgs/*'],
  });
  write('turbo.json', { tasks: { slow: { cache: false }, done: { cache: false }, fails: { cache: false } } });
  write('pkgs/a/package.json', {
    name: 'a',
    version: '0.0.0',
    scripts: {
      // Says it started, then waits for a signal (bounded, so nothing outlives a broken test).
      slow: `node -e "require('fs').writeFileSync('started', ''); setTimeout(() => {}, 20000)"`,
      done: 'node -e ""',
      fails: 'node -e "process.exit(3)"',
    },
  });
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** This process's environment without the variables of a turbo task this test may itself be running in. */
function environment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TURBO_')));
  return { ...env, TURBO_TELEMETRY_DISABLED: '1' };
}

type Ended = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

function start(command: string[]): { child: ChildProcess; ended: Promise<Ended> } {
  rmSync(join(workspace, 'pkgs/a/started'), { force: true });
  const child = spawn(process.execPath, command, {
    cwd: workspace,
    env: environment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // turbo itself warns on stderr about this bare workspace (no lockfile): keep the runner's own lines.
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stderr: stderr
          .split('\n')
          .filter((line) => line.startsWith('turbo-run:'))
          .join('\n'),
      }),
    ),
  );
  return { child, ended };
}

/** Process ids whose parent is `pid`, read from /proc (no ps or pgrep needed). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent id is the 2nd field after the command, which is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);
}

/** The native turbo binary under `pid`: the child of turbo's Node launcher. */
function turboBinaryUnder(pid: number): number {
  const found = [pid, ...childrenOf(pid)].flatMap(childrenOf).find((candidate) => {
    const command = readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /bin\/turbo$/.test(command) && !command.endsWith('node');
  });
  if (found === undefined) throw new Error(`no turbo binary under process ${pid}`);
  return found;
}

/** Waits, bounded, until the slow task has started, so the run is interrupted half-way. */
async function slowTaskStarted(): Promise<void> {
  for (let i = 0; i < 300 && !existsSync(join(workspace, 'pkgs/a/started')); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(existsSync(join(workspace, 'pkgs/a/started'))).toBe(true);
}

describe('issue 39: a test run stopped by a signal fails', () => {
  it('plain turbo exits 0 after a SIGINT that stopped its run half-way (why the runner exists)', async () => {
    const { child, ended } = start([turboLauncher, 'run', 'slow']);
    await slowTaskStarted();
    process.kill(turboBinaryUnder(child.pid as number), 'SIGINT');
    expect((await ended).code).toBe(0);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'fails, in one line, when turbo alone is stopped by %s',
    async (signal) => {
      const { child, ended } = start([runner, 'slow']);
      await slowTaskStarted();
      process.kill(turboBinaryUnder(child.pid as number), signal);
      const { code, stderr } = await ended;
      expect(code).toBe(1);
      expect(stderr).toBe(
        "turbo-run: turbo exited 0 after finishing 0 of the run's 1 tasks: it was interrupted, so the run fails",
      );
    },
  );

  it('dies of the signal it gets itself, after passing it on to turbo, and says so', async () => {
    const { child, ended } = start([runner, 'slow']);
    await slowTaskStarted();
    const launcher = childrenOf(child.pid as number)[0] as number;
    process.kill(child.pid as number, 'SIGTERM');
    const { signal, stderr } = await ended;
    expect(signal).toBe('SIGTERM');
    expect(stderr).toBe('turbo-run: stopped by SIGTERM');
    expect(existsSync(`/proc/${launcher}`)).toBe(false);
  });

  it("exits 0 without a word when every task finished, and with turbo's code when one failed", async () => {
    const done = await start([runner, 'done']).ended;
    expect(done).toEqual({ code: 0, signal: null, stderr: '' });
    expect((await start([runner, 'fails']).ended).code).toBe(3);
    // The runner reads and removes the summary of its run: nothing piles up.
    expect(readdirSync(join(workspace, '.turbo/runs'))).toEqual([]);
  });
});
