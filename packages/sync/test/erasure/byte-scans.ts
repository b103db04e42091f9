// Where an erased user's bytes could still be: the SQLite database and WAL files, a pg_dump, the
// PostgreSQL table files (heap, indexes, TOAST), every Redis key's name and content.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PG_BIN } from '../fixtures/servers.js';

/** The needles found in `bytes` (as UTF-8). */
export const found = (bytes: Buffer, needles: readonly string[]) =>
  needles.filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));

/** The SQLite store's files as they are on disk: the database and, if there, its WAL. */
export function sqliteFiles(path: string): Buffer {
  return Buffer.concat([path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)));
}

export function pgDump(url: string): Buffer {
  return execFileSync(`${PG_BIN}/pg_dump`, ['--dbname', url, '--no-owner'], { maxBuffer: 256 * 1024 * 1024 });
}

/**
 * The bytes of every file of the store's tables on disk (read through pg_relation_filepath): each svc_
 * table, its indexes, its TOAST table and TOAST index, every 1 GB segment. A CHECKPOINT first, so what
 * the server holds in its buffers is on disk too.
 */
export async function pgTableFiles(url: string): Promise<{ bytes: Buffer; files: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
    const dataDir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]
      ?.data_directory as string;
    const { rows } = await client.query<{ path: string }>(
      `WITH tables AS (
         SELECT c.oid, c.reltoastrelid FROM pg_class c
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname LIKE 'svc\\_%'),
       relations AS (
         SELECT oid FROM tables
         UNION SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT oid FROM tables)
         UNION SELECT reltoastrelid FROM tables WHERE reltoastrelid <> 0
         UNION SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT reltoastrelid FROM tables))
       SELECT pg_relation_filepath(oid) AS path FROM relations`,
    );
    const parts: Buffer[] = [];
    let files = 0;
    for (const { path } of rows)
      for (let segment = 0; ; segment++) {
        const file = `${dataDir}/${path}${segment === 0 ? '' : `.${segment}`}`;
        if (!existsSync(file)) break;
        parts.push(readFileSync(file));
        files++;
      }
    return { bytes: Buffer.concat(parts), files };
  } finally {
    await client.end();
  }
}

/** Every key of a Redis server whose name or content holds `needle`. */
export async function redisKeysNaming(url: string, needle: string): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const naming: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const content =
          type === 'string'
            ? [await redis.get(key)]
            : type === 'hash'
              ? Object.entries(await redis.hgetall(key)).flat()
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, 0, -1)
                    : type === 'stream'
                      ? (await redis.xrange(key, '-', '+')).flatMap(([id, fields]) => [id, ...fields])
                      : [];
        if (key.includes(needle) || content.some((value) => value?.includes(needle))) naming.push(key);
      }
    } while (cursor !== '0');
    return naming;
  } finally {
    redis.disconnect();
  }
}
