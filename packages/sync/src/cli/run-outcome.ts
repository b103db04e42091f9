// How a run's end is told, the same for every command that runs one (backfill, retry): its outcome line
// on stdout, one more line on stderr when it stopped short, and its exit code.
import type { RunResult } from '../sync-types.js';
import { EXIT } from './exit-codes.js';
import { incompleteLine } from './incomplete-line.js';

const EXIT_OF: Record<RunResult['status'], number> = {
  done: EXIT.ok,
  queued: EXIT.ok,
  done_with_failures: EXIT.failures,
  incomplete: EXIT.incomplete,
};

/** `done: 12 windows stored, 0 queued, 0 failed, 0 left for the next run; users failed: ghost (…)`. */
export function outcomeText(result: RunResult): string {
  const { windows, users } = result.progress;
  const failedUsers =
    users.failed > 0
      ? `; users failed: ${users.failedIds.join(', ')}${users.failed > users.failedIds.length ? ` and ${users.failed - users.failedIds.length} more` : ''} (svc-sync status --failed)`
      : '';
  return (
    `${result.status}: ${windows.done} windows stored, ${windows.queued} queued, ` +
    // Windows whose jobs were waiting already (or in a live worker's hands): nothing was queued for them.
    (windows.alreadyQueued > 0 ? `${windows.alreadyQueued} already on the queue, ` : '') +
    `${windows.failed} failed, ${windows.deferred} left for the next run${failedUsers}`
  );
}

/** The run's exit code; an incomplete run also says on stderr what stopped it and what to do. */
export function exitOfRun(result: RunResult): number {
  if (result.status !== 'incomplete') return EXIT_OF[result.status];
  const { line, code } = incompleteLine(result.cause);
  process.stderr.write(`svc-sync: ${line}\n`);
  return code;
}
