// `node tools/checks/turbo-run.mjs <tasks and options>`: `turbo run <tasks and options>`, failing a run
// that did not finish (issue 39). On SIGINT or SIGTERM turbo 2.11 stops its tasks gracefully and exits with
// their codes, 0 when they stopped cleanly, and tasks it never started count for nothing: so `turbo run … &&
// next` went on, and `pnpm test` passed, after a signal to turbo alone. Here the run's tasks are counted
// first (`--dry=json`) and turbo's run summary (`--summarize`) counts those that finished: fewer fails the
// run, in one line. A signal to this script is passed on to turbo, and the script then dies of it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const say = (/** @type {string} */ line) => process.stderr.write(`turbo-run: ${line}\n`);
// turbo is a dev dependency of the repository root; its bin is a small Node launcher of the native binary.
const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
// turbo writes each run's summary under the repository root, where pnpm runs the root's scripts.
const runs = join(process.cwd(), '.turbo', 'runs');
const summaries = () => new Set(existsSync(runs) ? readdirSync(runs).filter((f) => f.endsWith('.json')) : []);

const args = process.argv.slice(2).filter((arg) => arg !== '--summarize');

/** How many tasks the run holds: those with a script to run (turbo skips a package without the script). */
function plannedTasks() {
  const dry = spawnSync(process.execPath, [turbo, 'run', ...args, '--dry=json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (dry.status !== 0) {
    process.stderr.write(dry.stderr);
    say(`turbo could not plan the run (exit ${dry.status ?? dry.signal})`);
    process.exit(dry.status || 1);
  }
  /** @type {{ tasks: { command: string }[] }} */
  const plan = JSON.parse(dry.stdout);
  return plan.tasks.filter((task) => task.command !== '<NONEXISTENT>').length;
}

const planned = plannedTasks();
const before = summaries();
const child = spawn(process.execPath, [turbo, 'run', ...args, '--summarize'], { stdio: 'inherit' });

/** @type {NodeJS.Signals | undefined} */
let stoppedBy;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    stoppedBy ??= signal;
    // turbo's launcher passes SIGTERM on to turbo (SIGINT it leaves to the terminal, which may not exist).
    child.kill('SIGTERM');
  });
}

/** The summary turbo wrote for this run: the newest file that was not there before it started. */
function runSummary() {
  const written = [...summaries()].filter((file) => !before.has(file));
  const newest = written.sort((a, b) => statSync(join(runs, b)).mtimeMs - statSync(join(runs, a)).mtimeMs)[0];
  if (newest === undefined) return undefined;
  const summary = JSON.parse(readFileSync(join(runs, newest), 'utf8'));
  rmSync(join(runs, newest), { force: true });
  return summary;
}

child.on('exit', (code, signal) => {
  const run = runSummary()?.execution;
  if (stoppedBy) {
    say(`stopped by ${stoppedBy}`);
    process.removeAllListeners(stoppedBy);
    process.kill(process.pid, stoppedBy);
    return;
  }
  if (signal) {
    say(`turbo was killed by ${signal}`);
    process.exit(1);
  }
  if (code !== 0) process.exit(code ?? 1);
  if (!run) {
    say(`turbo exited 0 but wrote no run summary under ${runs}: run this from the repository root`);
    process.exit(1);
  }
  // A task stopped half-way counts neither as a success nor as a failure, and one never started not at all.
  const finished = run.success + run.cached;
  if (run.failed > 0 || finished < planned) {
    say(
      `turbo exited 0 after finishing ${finished} of the run's ${planned} tasks: it was interrupted, so the run fails`,
    );
    process.exit(1);
  }
});
