// How a run's end is told, the same for every command that runs one (backfill, retry): its outcome line
// on stdout, and when its exit code is not 0 one `svc-sync:` line on stderr saying why (the README's
// promise for every expected failure), and its exit code.
import type { SyncProgress } from '../progress.js';
import type { RunResult } from '../sync-types.js';
import { EXIT } from './exit-codes.js';
import { incompleteLine } from './incomplete-line.js';

/** The client user ids of the users that failed, as far as the run kept them: `ghost, bob and 3 more`. */
function failedIdsText({ users }: SyncProgress): string {
  const more = users.failed - users.failedIds.length;
  return `${users.failedIds.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** `done: 12 windows stored, 0 queued, 0 failed, 0 left for the next run; users failed: ghost (…)`. */
export function outcomeText(result: RunResult): string {
  const { windows, users } = result.progress;
  const failedUsers =
    users.failed > 0 ? `; users failed: ${failedIdsText(result.progress)} (svc-sync status --failed)` : '';
  return (
    `${result.status}: ${windows.done} windows stored, ${windows.queued} queued, ` +
    // Windows whose jobs were waiting already (or in a live worker's hands): nothing was queued for them.
    (windows.alreadyQueued > 0 ? `${windows.alreadyQueued} already on the queue, ` : '') +
    `${windows.failed} failed, ${windows.deferred} left for the next run${failedUsers}`
  );
}

/** What failed for good in a run: `1 user (ghost) and 3 windows failed for good (svc-sync status --failed says why)`. */
function failuresLine(progress: SyncProgress): string {
  const { users, windows } = progress;
  const what = [
    ...(users.failed > 0
      ? [`${users.failed} user${users.failed === 1 ? '' : 's'} (${failedIdsText(progress)})`]
      : []),
    ...(windows.failed > 0 ? [`${windows.failed} window${windows.failed === 1 ? '' : 's'}`] : []),
  ];
  return `${what.join(' and ')} failed for good (svc-sync status --failed says why)`;
}

/** A run's exit code, and the line stderr gets when it is not 0 (without `svc-sync: `). */
export function endOfRun(result: RunResult): { code: number; line?: string } {
  if (result.status === 'incomplete') return incompleteLine(result.cause);
  if (result.status === 'done_with_failures')
    return { code: EXIT.failures, line: failuresLine(result.progress) };
  return { code: EXIT.ok };
}

/** The run's exit code; a run that did not end `done` (or `queued`) also says on stderr what and why. */
export function exitOfRun(result: RunResult): number {
  const { code, line } = endOfRun(result);
  if (line) process.stderr.write(`svc-sync: ${line}\n`);
  return code;
}
