// PostgreSQL's failures as the sync's typed ones: a server that is away (stopped, restarting, out of
// reach) is StoreUnavailableError, which the sync retries; a refused login is one too, and fails at open.
import { StoreUnavailableError } from '../../errors/errors.js';

/** The URL as it may be shown: without its password, in the user info or a query parameter (`?password=`). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    // pg, like libpq, reads `password` (and any other setting) from the query too.
    for (const name of [...parsed.searchParams.keys()])
      if (/password/i.test(name)) parsed.searchParams.set(name, '***');
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

// SQLSTATEs of a server that is not there for us now (PostgreSQL's "Appendix A. Error Codes"): class
// 08 (connection exception) is matched by its prefix. 57P01 admin_shutdown (pg_ctl stop -m fast, a
// terminated backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
// 57P05 idle_session_timeout, 25P03 idle_in_transaction_session_timeout, 53300 too_many_connections.
// Serialization failures and deadlocks (40001, 40P01) are retryable too, but not an outage: they pass.
const AWAY = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300']);
// Deadlines the store sets (postgres-store.ts): the server cancelled a statement that ran past
// statement_timeout (57014 query_canceled) or waited past lock_timeout for a lock another session holds
// (55P03 lock_not_available). The connection is sound, so it is kept; the call is retried as an outage.
const TIMED_OUT = new Set(['57014', '55P03']);
// A login the server refuses, or a database it does not have: the store cannot be used as given.
const REFUSED = new Set(['28P01', '28000', '3D000']);
// Node's socket errors on the way to the server.
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// What pg and pg-pool throw, without a code, when a connection ends or cannot be had in time.
const PG_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|timeout expired|Query read timeout)/;

/** The code or message that makes `error` a connection failure, looking through causes and AggregateErrors. */
function connectionCause(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, message, cause, errors, syscall } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    syscall?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') || AWAY.has(code) || NETWORK.has(code)) return code;
    // A Unix socket path with no server behind it.
    if (code === 'ENOENT' && syscall === 'connect') return code;
  }
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return message;
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = connectionCause(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether `error` means the connection is gone or cannot be had: the client holding it is discarded. */
export const isConnectionFailure = (error: unknown) => connectionCause(error) !== undefined;

/** Turns connection failures, statements past their deadline and refused logins into StoreUnavailableError (the URL without its password). */
export function translatePg(error: unknown, url: string): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const cause = connectionCause(error);
  const detail = (error as Error).message?.split('\n')[0] ?? String(error);
  if (cause)
    return new StoreUnavailableError(
      `PostgreSQL at ${redactUrl(url)} is unavailable (${cause === detail ? detail : `${cause}: ${detail}`})`,
    );
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && TIMED_OUT.has(code))
    return new StoreUnavailableError(
      `PostgreSQL at ${redactUrl(url)} did not complete a statement in time (${code}: ${detail})`,
    );
  if (typeof code === 'string' && REFUSED.has(code))
    return new StoreUnavailableError(
      `PostgreSQL at ${redactUrl(url)} refused the store (${code}: ${detail})`,
    );
  return error;
}
