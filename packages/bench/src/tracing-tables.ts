// The tables of what tracing costs a call (issue 34): ours against our client before the attempt
// channel, nobody listening, over loopback (throughput.ts) and in memory (in-memory.ts); and ours with
// @svc/otel enabled over a real SDK, in memory.
import type { ClientBefore } from './client-before.js';
import type { InMemoryRow } from './in-memory.js';
import { inMemoryTable } from './in-memory-table.js';
import { table } from './table.js';
import type { ThroughputRow } from './throughput.js';

export function tracingTables(
  before: ClientBefore,
  rows: ThroughputRow[],
  inMemory: InMemoryRow[],
): string[] {
  return [
    `## What tracing costs a call: nobody listening, against the client before the attempt channel (${before.commit})`,
    '',
    table(
      ['workload', 'ours ×before: CPU', 'CPU, lowest–highest round', 'ours ×before: wall'],
      rows.map((row) => [
        row.workload,
        row.oursToBefore.cpu,
        row.oursToBeforeCpuRange.join('–'),
        row.oursToBefore.wall,
      ]),
    ),
    '',
    inMemoryTable('in memory, CPU µs per call', inMemory, [
      ['before', (row) => row.usPerCall.before],
      ['ours', (row) => row.usPerCall.ours],
      ['ours − before', (row) => row.oursOverBeforeUs],
      ['traced (@svc/otel + SDK)', (row) => row.usPerCall.traced],
      ['traced − ours', (row) => row.tracedOverOursUs],
    ]),
    '',
    `"before" is @svc/client at ${before.commit} (${before.ref}; BENCH_BEFORE names another), bundled as tsup bundles dist/node, racing in the same process as a sixth contender of every round above.`,
    'Ratios are medians of per-round paired ratios. "traced" is the same client with @svc/otel enabled: spans batched to an exporter that drops them, the duration histogram aggregated.',
    '',
  ];
}
