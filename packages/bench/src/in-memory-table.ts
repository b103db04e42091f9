import type { InMemoryRow } from './in-memory.js';
import { table } from './table.js';

/** A column of an in-memory table: its header, and the figure it shows of a row. */
export type InMemoryColumn = readonly [header: string, figure: (row: InMemoryRow) => number];

/** The in-memory rows as a table: a line per body (`user record`, `100 markers`), a cell per column. */
export function inMemoryTable(bodyHeader: string, rows: InMemoryRow[], columns: InMemoryColumn[]): string {
  return table(
    [bodyHeader, ...columns.map(([header]) => header)],
    rows.map((row) => [
      row.body === 'small' ? 'user record' : '100 markers',
      ...columns.map(([, figure]) => figure(row)),
    ]),
  );
}
