// Durations as an operator writes and reads them: `90m`, `6h`, `2d` in, `2d 3h` out.
import { CliFailure, EXIT } from './exit-codes.js';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `--name` as ms: a whole number with a unit (`ms`, `s`, `m`, `h`, `d`); undefined when not given. */
export function durationOf(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(value.trim());
  if (!match)
    throw new CliFailure(
      `--${name} must be a duration such as 30m, 6h or 2d (got ${JSON.stringify(value)})`,
      EXIT.usage,
    );
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** A duration as the operator reads it: `2d 3h`, `9h 0m`, `4m 10s`, `800ms`. */
export function durationText(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s >= 86_400) return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return ms >= 1000 ? `${s}s` : `${ms}ms`;
}
