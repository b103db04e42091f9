// A request refused before its body was read in full (413, 405) gets its answer, not a reset: the lingering
// close of RFC 9112 §9.6. The sync's receiver, the sandbox and the mock each refuse bodies this way; it is
// written once here, on `node:http` alone, and bundled into each of them.
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a refused body is read and dropped after its answer, at most: the bytes and the time.
 * Past either, the connection is destroyed (the answer went out long before).
 */
export const DRAIN_MAX_BYTES = 64 * 1_048_576;
export const DRAIN_TIMEOUT_MS = 30_000;

/** A body read chunk by chunk. Never a `for await` left early: that destroys the socket, a reset. */
export type BodyChunks = () => Promise<IteratorResult<Buffer>>;

/** A request's body, read on demand (nothing is read until the first call). */
export function bodyChunks(request: IncomingMessage): BodyChunks {
  let chunks: AsyncIterator<Buffer> | undefined;
  return () => {
    chunks ??= request[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    return chunks.next();
  };
}

/** The body, up to `limit` bytes; undefined as soon as the count passes it (the rest stays unread). */
export async function readUpTo(next: BodyChunks, limit: number): Promise<Buffer | undefined> {
  const read: Buffer[] = [];
  let size = 0;
  for (let chunk = await next(); !chunk.done; chunk = await next()) {
    size += chunk.value.byteLength;
    if (size > limit) return undefined;
    read.push(chunk.value);
  }
  return Buffer.concat(read, size);
}

/**
 * Reads and drops the rest of a body, up to DRAIN_MAX_BYTES within DRAIN_TIMEOUT_MS, so the connection
 * is never reset while the sender is still writing. Whether the whole rest was read; if not, the
 * connection was cut (or went away).
 */
export async function drainRest(request: IncomingMessage, next: BodyChunks): Promise<boolean> {
  const timer = setTimeout(() => request.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  let drained = 0;
  try {
    for (let chunk = await next(); !chunk.done; chunk = await next()) {
      drained += chunk.value.byteLength;
      if (drained > DRAIN_MAX_BYTES) {
        request.destroy();
        return false;
      }
    }
    return true;
  } catch {
    // The sender went away, or the deadline destroyed the request: nothing left to drain.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers a request whose body was not read in full: the answer goes out at once with its length, on
 * a connection that then closes; the response ends only once the rest of the body is read and dropped
 * (bounded). Ending it at once would have Node close the socket on unread bytes: a reset, which can
 * discard the answer before a sender still uploading reads it.
 */
export async function answerUnread(
  request: IncomingMessage,
  response: ServerResponse,
  next: BodyChunks,
  status: number,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  const payload = Buffer.from(body);
  response.writeHead(status, {
    ...headers,
    'content-length': String(payload.byteLength),
    connection: 'close',
  });
  response.write(payload);
  if (await drainRest(request, next)) response.end();
}
