// A Redis address as connection options, checked: its own module so the CLI can refuse a bad address
// without loading BullMQ (about 30 MB) for a run that never queues.
import type { RedisOptions } from 'bullmq';
import { SyncInputError } from './errors/errors.js';

/** Connection options from a `redis://[user:password@]host:port[/db]` URL (`rediss://` for TLS); a SyncInputError for anything else. */
export function redisOptions(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SyncInputError('the Redis address is not a URL: use redis://host:6379');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new SyncInputError(
      `unsupported Redis address scheme ${JSON.stringify(parsed.protocol)}: use redis://host:6379`,
    );
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0)
    throw new SyncInputError('the Redis address names no database number: use redis://host:6379/0');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decoded(parsed.username, 'user name') } : {}),
    ...(parsed.password ? { password: decoded(parsed.password, 'password') } : {}),
    ...(db ? { db } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's workers block on Redis: a request must wait for a reconnect rather than fail.
    maxRetriesPerRequest: null,
    // A connection that cannot be had in 10 s is retried; one whose peer vanished without closing it is
    // probed after 10 s idle, not the OS's 2 hours (ioredis' `keepAlive: 0` leaves the OS's delay).
    connectTimeout: 10_000,
    keepAlive: 10_000,
  };
}

/** A percent-encoded part of the address, decoded; a bad escape is a SyncInputError that never quotes it. */
function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new SyncInputError(`the Redis address's ${what} has a bad percent-escape: write % as %25`);
  }
}
