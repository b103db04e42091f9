// What a store's behaviour can depend on, read from the database's own catalog as lines of text: every
// table's columns in order (type, nullability, default, key), its indexes and constraints, triggers and
// views, and every row. Two stores with the same shape answer every store call the same, since the code
// is the same: so a store migrated from an earlier schema is proven by its shape against a new store's.
type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const line = (row: Record<string, unknown>) => JSON.stringify(Object.values(row));
/** SQL text as written by different releases can differ only in spacing and case: compare what it says. */
const sqlText = (sql: unknown) =>
  typeof sql === 'string'
    ? sql
        .replace(/\s+/g, ' ')
        .replace(/\s*([(),])\s*/g, '$1')
        .toLowerCase()
    : sql;

async function rowsOf(query: Query, tables: string[]) {
  const lines: string[] = [];
  for (const table of tables) {
    const rows = (await query(`SELECT * FROM "${table}"`)).map(line).sort();
    lines.push(...rows.map((row) => `row ${table} ${row}`));
  }
  return lines;
}

/** A SQLite store's shape (PRAGMAs, so the CREATE text an ALTER TABLE rewrote does not matter). */
export async function sqliteShape(query: Query): Promise<string[]> {
  const objects = await query(
    "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
  );
  const tables = objects.filter((o) => o.type === 'table').map((o) => o.name as string);
  const lines: string[] = [];
  for (const o of objects) {
    // A table's CREATE text is replaced by its columns below; an index, trigger or view is its text.
    lines.push(`${o.type} ${o.name} on ${o.tbl_name}${o.type === 'table' ? '' : ` ${sqlText(o.sql)}`}`);
  }
  for (const table of tables) {
    for (const column of await query(`PRAGMA table_xinfo("${table}")`))
      lines.push(`column ${table} ${line({ ...column, cid: undefined, type: sqlText(column.type) })}`);
    for (const key of await query(`PRAGMA foreign_key_list("${table}")`))
      lines.push(`foreign key ${table} ${line({ ...key, id: undefined })}`);
    for (const index of await query(`PRAGMA index_list("${table}")`)) {
      const columns = (await query(`PRAGMA index_xinfo("${index.name}")`)).map(line).join(' ');
      lines.push(`index ${table} ${line({ ...index, seq: undefined })} ${columns}`);
    }
  }
  return [...lines, ...(await rowsOf(query, tables))];
}

/** A PostgreSQL store's shape, from pg_catalog (the `public` schema, where a store keeps everything). */
export async function postgresShape(query: Query): Promise<string[]> {
  const tables = (
    await query(
      'SELECT tablename FROM pg_tables WHERE schemaname = \'public\' ORDER BY tablename COLLATE "C"',
    )
  ).map((row) => row.tablename as string);
  const catalogQueries = [
    // Columns by position among the live ones (attnum keeps gaps where a column was dropped).
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
        pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated, a.attcollation::regcollation::text,
        row_number() OVER (PARTITION BY c.relname ORDER BY a.attnum) AS position
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`,
    `SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace`,
    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    `SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger
      WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`,
    "SELECT viewname, definition FROM pg_views WHERE schemaname = 'public'",
    `SELECT proname, pg_get_function_identity_arguments(oid), prosrc FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace`,
    `SELECT sequencename, data_type::text, start_value, increment_by FROM pg_sequences
      WHERE schemaname = 'public'`,
  ];
  // One client: one query at a time.
  const catalog: Record<string, unknown>[][] = [];
  for (const sql of catalogQueries) catalog.push(await query(sql));
  const kinds = ['column', 'constraint', 'index', 'trigger', 'view', 'function', 'sequence'];
  const lines = catalog.flatMap((rows, i) => rows.map((row) => `${kinds[i]} ${line(row)}`)).sort();
  return [...lines, ...(await rowsOf(query, tables))];
}
