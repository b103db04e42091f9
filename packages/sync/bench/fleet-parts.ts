// What the 10,000-user fleet bench measures with: a process's resident set sampled every second, the
// requests a window costs, and figures rounded for the report.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';

/** A process's resident set in bytes, read from /proc (Linux; `ps` elsewhere); 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    try {
      return (
        Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024
      );
    } catch {
      return 0;
    }
  }
}

/** Samples the resident set of each PID `pids()` names, once a second, until stopped. */
export function rssSampler(pids: () => number[]) {
  const samples = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  const timer = setInterval(() => {
    for (const pid of pids()) {
      const now = rssOf(pid);
      // A process exiting between the listing and the read has no VmRSS line left: no sample.
      if (now > 0) samples.set(pid, [...(samples.get(pid) ?? []), now]);
      const used = cpuSecondsOf(pid);
      if (used > 0) cpu.set(pid, used);
    }
  }, 1_000);
  return {
    stop: () => clearInterval(timer),
    /** CPU seconds of each process at its last sample (a second or less before it ended). */
    cpuSeconds: (pid: number | undefined) => (pid === undefined ? 0 : (cpu.get(pid) ?? 0)),
    /** Per process: peak and the peak of each quarter of its samples, in MB. */
    figures: () => [...samples.values()].map(rssFigures),
  };
}

/** The median of some figures (the mean of the middle two of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Resident-set samples (bytes) as figures in MB: peak, median, and the peak of each quarter of the run. */
export function rssFigures(rss: readonly number[]) {
  return {
    peakMB: mb(Math.max(...rss)),
    medianMB: rss.length > 0 ? mb(median(rss)) : 0,
    byQuarterMB: [1, 2, 3, 4].map((q) =>
      mb(Math.max(...rss.slice(((q - 1) * rss.length) >> 2, (q * rss.length) >> 2), 0)),
    ),
  };
}

/** A SQLite store's file and the journal files beside it, removed. */
export function removeSqliteFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

export const mb = (bytes: number) => Math.round(bytes / 1_048_576);
export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The machine's load average now, as `uptime` gives it. */
export const loadNow = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/**
 * Requests a window sends on a sandbox that answers every call: a steps window walks one page per day
 * (the timeseries pages a day at a time), a summary window is one call.
 */
export const requestsOf = (w: { resource: string; start: string; end: string }) =>
  w.resource === 'steps' ? Math.round((Date.parse(w.end) - Date.parse(w.start)) / 86_400_000) + 1 : 1;

/** CPU seconds (user + system) a process has used, with its reaped children's when `children` (Linux /proc). */
export function cpuSecondsOf(pid: number | undefined, children = false): number {
  if (pid === undefined) return 0;
  try {
    // The fields after the command's closing bracket: utime, stime, cutime, cstime are the 12th to 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of a server and every process it runs now (PostgreSQL's backends), and those it reaped. */
export function serverCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let listed = '';
  try {
    listed = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  } catch {
    // pgrep exits 1 when the server runs no other process.
  }
  return listed
    .split('\n')
    .filter(Boolean)
    .reduce((sum, child) => sum + cpuSecondsOf(Number(child)), cpuSecondsOf(pid, true));
}
