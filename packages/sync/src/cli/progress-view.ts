import type { SyncProgress } from '../progress.js';

const seconds = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.round(ms / 1000)}s`);

/** Users seen so far, and of how many: "12 of 1000", or "12 so far" for a stream. */
const usersText = (p: SyncProgress) => {
  const seen = p.users.planned + p.users.failed + p.users.deferred + p.users.erased;
  return p.users.total === undefined ? `${seen} so far` : `${seen} of ${p.users.total}`;
};

/** One line of progress, for logs and pipes. */
export const progressLine = (p: SyncProgress) =>
  `users ${usersText(p)} (${p.users.failed} failed) | windows ${p.windows.done + p.windows.queued + p.windows.alreadyQueued}/${p.windows.planned}` +
  ` (${p.windows.failed} failed, ${p.windows.deferred} deferred) | rows ${p.points} | ${p.requestsPerSecond} req/s` +
  ` | 429s ${p.rateLimited} | concurrency ${p.concurrency} | ETA ${seconds(p.etaMs)}`;

/** One JSON line of progress, for log collectors: the counters as they stand, and the time. */
export const progressJson = (p: SyncProgress) =>
  JSON.stringify({
    time: new Date().toISOString(),
    users: { ...p.users, seen: p.users.planned + p.users.failed + p.users.deferred + p.users.erased },
    windows: p.windows,
    rows: p.points,
    requests: p.requests,
    requestsPerSecond: p.requestsPerSecond,
    rateLimited: p.rateLimited,
    concurrency: p.concurrency,
    etaMs: p.etaMs ?? null,
    elapsedMs: p.elapsedMs,
    finished: p.finished,
  });

export type ProgressMode = 'text' | 'json' | 'none';

/**
 * Shows a run's progress on stderr: `text` draws a bar on a terminal (users n of N, windows, rows,
 * requests/s, 429s, ETA of the whole run), else a plain line every `everyMs` and at the end; `json`
 * writes a JSON line every `everyMs` and at the end; `none` only drains the run.
 */
export async function showProgress(
  progress: AsyncIterable<SyncProgress>,
  mode: ProgressMode = 'text',
  everyMs = 2_000,
): Promise<void> {
  if (mode === 'text' && process.stderr.isTTY) {
    // Loaded for a terminal only (about 8 MB a piped run does not carry).
    const { default: cliProgress } = await import('cli-progress');
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format:
          '{bar} {value}/{total} windows | users {users} | rows {points} | {rps} req/s | 429s {limited} | ETA {eta}',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(0, 0, { users: '0', points: 0, rps: 0, limited: 0, eta: '?' });
    for await (const p of progress) {
      bar.setTotal(p.windows.planned);
      bar.update(p.windows.done + p.windows.failed + p.windows.queued + p.windows.alreadyQueued, {
        users: usersText(p),
        points: p.points,
        rps: p.requestsPerSecond,
        limited: p.rateLimited,
        eta: seconds(p.etaMs),
      });
    }
    bar.stop();
    return;
  }
  let last = 0;
  for await (const p of progress) {
    if (mode === 'none' || !(p.finished || Date.now() - last >= everyMs)) continue;
    last = Date.now();
    process.stderr.write(`${mode === 'json' ? progressJson(p) : progressLine(p)}\n`);
  }
}
