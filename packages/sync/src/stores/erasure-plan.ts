// What erasure deletes, written once for both stores: every table of the schema is either listed here with
// the columns that name a user, or listed as holding no user's data. A store refuses to erase while its
// schema has a table in neither list (test/erasure/erasure-tables.test.ts fails first), so a table a
// migration adds cannot be forgotten.
import type { ResourceName } from '../resources.js';

/** How a table names a user, and what retention reads its age from. */
export interface UserTable {
  /** The column holding the client user id. */
  client?: string;
  /** The column holding the service's user id. */
  user?: string;
  /** The column holding the provider slug (forgetting a provider deletes by it). */
  provider?: string;
  /** Where a row's age is: an ISO instant or a `YYYY-MM-DD` day, of one resource or of a resource column. */
  age?: { column: string; unit: 'instant' | 'day'; resource: ResourceName | { column: string } };
  /** The column that says how many points a row holds (a steps day row): receipts count points. */
  points?: string;
}

export const USER_TABLES = {
  svc_users: { client: 'client_user_id', user: 'user_id' },
  svc_windows: { user: 'user_id', provider: 'provider' },
  // A row per UTC day (step-days.ts): retention removes the days before the cutoff's, and trims the
  // day the cutoff falls inside (`retentionTrim`).
  svc_steps: {
    user: 'user_id',
    provider: 'provider',
    age: { column: 'day', unit: 'day', resource: 'steps' },
    points: 'n',
  },
  svc_summaries: {
    user: 'user_id',
    provider: 'provider',
    age: { column: 'calendar_date', unit: 'day', resource: { column: 'resource' } },
  },
  // Lab results have no resource retention applies to: erased with the user, kept otherwise.
  svc_lab_orders: { user: 'user_id' },
  svc_lab_order_events: { user: 'user_id' },
  svc_parsing_jobs: { user: 'user_id' },
} as const satisfies Record<string, UserTable>;

/**
 * Tables that hold no user's id or data: the store's own settings, tombstones (keyed hashes only), and
 * the coverage epoch (a counter).
 */
export const NO_USER_TABLES = ['svc_meta', 'svc_tombstones', 'svc_coverage_epoch'] as const;

export type UserTableName = keyof typeof USER_TABLES;

/**
 * One DELETE of an erasure, with `?` placeholders (PostgreSQL's store numbers them). With `counts`, it
 * returns that column of each row deleted, and what it removed is their sum (points, not day rows).
 */
export interface EraseStatement {
  table: UserTableName;
  sql: string;
  values: string[];
  counts?: string;
}

/** A DELETE of `table`, returning its points column when it has one. */
function deleteFrom(table: UserTableName, where: string, values: string[]): EraseStatement {
  const points = (USER_TABLES[table] as UserTable).points;
  return points === undefined
    ? { table, sql: `DELETE FROM ${table} WHERE ${where}`, values }
    : { table, sql: `DELETE FROM ${table} WHERE ${where} RETURNING ${points}`, values, counts: points };
}

const tables = () => Object.entries(USER_TABLES) as [UserTableName, UserTable][];

/** The tables of a schema erasure does not know: neither a user table nor one holding no user's data. */
export function unknownTables(schemaTables: readonly string[]): string[] {
  const known = new Set<string>([...Object.keys(USER_TABLES), ...NO_USER_TABLES]);
  return schemaTables.filter((table) => table.startsWith('svc_') && !known.has(table));
}

/** Every row naming the user, by its client user id or its service user id (null: never resolved). */
export function eraseUserStatements(clientUserId: string, userId: string | null): EraseStatement[] {
  return tables().map(([table, spec]) => {
    const where: string[] = [];
    const values: string[] = [];
    if (spec.client) {
      where.push(`${spec.client} = ?`);
      values.push(clientUserId);
    }
    if (spec.user && userId !== null) {
      where.push(`${spec.user} = ?`);
      values.push(userId);
    }
    return deleteFrom(table, where.join(' OR ') || 'false', values);
  });
}

/** Every row of one provider of a user (the user row is rewritten without the provider by the store). */
export function forgetProviderStatements(userId: string, provider: string): EraseStatement[] {
  return tables()
    .filter(([, spec]) => spec.user && spec.provider)
    .map(([table, spec]) =>
      deleteFrom(table, `${spec.user} = ? AND ${spec.provider} = ?`, [userId, provider]),
    );
}

/**
 * Every row of `resource` older than `cutoff` (ISO instant): a steps day before the cutoff's UTC day (the
 * points of the cutoff's own day that start before it go by `retentionTrim`), a summary whose calendar
 * day is before the cutoff's UTC day.
 */
export function retentionStatements(resource: ResourceName, cutoff: string): EraseStatement[] {
  const statements: EraseStatement[] = [];
  for (const [table, spec] of tables()) {
    const age = spec.age;
    if (!age) continue;
    const bound = age.unit === 'instant' ? cutoff : cutoff.slice(0, 10);
    if (typeof age.resource === 'string') {
      if (age.resource !== resource) continue;
      statements.push(deleteFrom(table, `${age.column} < ?`, [bound]));
    } else {
      statements.push(
        deleteFrom(table, `${age.resource.column} = ? AND ${age.column} < ?`, [resource, bound]),
      );
    }
  }
  return statements;
}

/**
 * The steps day a retention cut falls inside, whose points starting before `cutoff` the store trims out
 * of its rows (retention stays exact to the instant); null for another resource or a cut at UTC midnight.
 */
export function retentionTrim(
  resource: ResourceName,
  cutoff: string,
): { day: string; cutoff: string } | null {
  if (resource !== 'steps') return null;
  const at = new Date(cutoff).toISOString();
  return at.endsWith('T00:00:00.000Z') ? null : { day: at.slice(0, 10), cutoff: at };
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
