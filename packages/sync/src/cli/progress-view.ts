import cliProgress from 'cli-progress';
import type { SyncProgress } from '../progress.js';

const seconds = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.round(ms / 1000)}s`);

/** One line of progress, for logs and pipes. */
export const progressLine = (p: SyncProgress) =>
  `users ${p.users.planned} (${p.users.failed} failed) | windows ${p.windows.done + p.windows.queued}/${p.windows.planned}` +
  ` (${p.windows.failed} failed, ${p.windows.deferred} deferred) | points ${p.points} | ${p.requestsPerSecond} req/s` +
  ` | 429s ${p.rateLimited} | concurrency ${p.concurrency} | ETA ${seconds(p.etaMs)}`;

/**
 * Shows a run's progress on stderr: a bar on a terminal (users, windows, points, requests/s, 429s, ETA),
 * else a plain line every `everyMs` and at the end.
 */
export async function showProgress(progress: AsyncIterable<SyncProgress>, everyMs = 2_000): Promise<void> {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format:
          '{bar} {value}/{total} windows | users {users} | points {points} | {rps} req/s | 429s {limited} | ETA {eta_formatted}',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(0, 0, { users: 0, points: 0, rps: 0, limited: 0 });
    for await (const p of progress) {
      bar.setTotal(p.windows.planned);
      bar.update(p.windows.done + p.windows.failed + p.windows.queued, {
        users: p.users.planned,
        points: p.points,
        rps: p.requestsPerSecond,
        limited: p.rateLimited,
      });
    }
    bar.stop();
    return;
  }
  let last = 0;
  for await (const p of progress) {
    if (p.finished || Date.now() - last >= everyMs) {
      last = Date.now();
      process.stderr.write(`${progressLine(p)}\n`);
    }
  }
}
