import type { CatalogueTool } from './catalogue.js';

/** What the server tells a client (and its model) about itself when it connects. */
export function instructionsFor(
  mode: 'all' | 'discover',
  tools: readonly CatalogueTool[],
  allowed: ReadonlySet<string>,
  maxResultBytes: number,
  store: boolean,
): string {
  const writes = tools.filter((tool) => tool.write);
  const writing =
    allowed.size === 0
      ? 'Only reads are enabled: operations that change data (orders, bookings, uploads, deletes) are off.'
      : allowed.size === writes.length
        ? 'Reads and writes are enabled: every write changes real data at the service; confirm with the user first.'
        : `Reads are enabled, and these writes: ${[...allowed].join(', ')}. Confirm each write with the user first.`;
  const finding =
    mode === 'discover'
      ? 'Find an operation with search_operations, read its arguments with describe_operation, then run it with call_operation.'
      : 'Each tool is one operation of the API, named as in its API reference.';
  return [
    "Tools of the Svc API: health data from wearables and health-data providers, and lab testing (markers, orders, appointments, lab report parsing). Calls use the operator's API key; the data is about real people: ask only for what the task needs.",
    finding,
    writing,
    `A result is at most ${maxResultBytes} bytes; a longer one is cut and says how to narrow the call. A paginated result ends with the arguments of the call for the next page.`,
    ...(store
      ? [
          "For questions about many users at once (who slept under 6 h last week, who is not synced, which lab orders are not completed and why), use the store_ tools: they read the operator's synced copy of the data in one or two calls, instead of one service read per user.",
        ]
      : []),
  ].join('\n');
}
