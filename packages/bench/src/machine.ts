import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  platform: string;
  /** 1-, 5- and 15-minute load averages when the bench started; a shared machine shows it here. */
  loadAverage: number[];
  commit: string;
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match?.[1]) return match[1].trim();
  } catch {
    // Not Linux: fall back to what node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): Machine {
  return {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: cpuModel(),
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
    commit: commit(),
  };
}
