import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a refused body is read and dropped after its answer, at most: the bytes and the time.
 * Past either, the connection is destroyed (the answer went out long before).
 */
export const DRAIN_MAX_BYTES = 64 * 1_048_576;
const DRAIN_TIMEOUT_MS = 30_000;

/** A request body read chunk by chunk, leaving what is not read on the connection (never destroying it). */
export function bodyChunks(req: IncomingMessage): () => Promise<IteratorResult<Buffer>> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return () => chunks.next();
}

/** Reads a body up to `limit` bytes; undefined as soon as the count passes it (the rest stays unread). */
export async function readUpTo(
  next: () => Promise<IteratorResult<Buffer>>,
  limit: number,
): Promise<Buffer | undefined> {
  const read: Buffer[] = [];
  let size = 0;
  for (let chunk = await next(); !chunk.done; chunk = await next()) {
    size += chunk.value.byteLength;
    if (size > limit) return undefined;
    read.push(chunk.value);
  }
  return Buffer.concat(read, size);
}

/** Reads and drops the rest of a body, bounded; false when the connection had to be cut (or went away). */
async function drain(req: IncomingMessage, next: () => Promise<IteratorResult<Buffer>>): Promise<boolean> {
  const timer = setTimeout(() => req.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  let drained = 0;
  try {
    for (let chunk = await next(); !chunk.done; chunk = await next()) {
      drained += chunk.value.byteLength;
      if (drained > DRAIN_MAX_BYTES) {
        req.destroy();
        return false;
      }
    }
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers a request whose body is refused before it was read in full: the answer goes out at once,
 * with its length, on a connection that then closes; the response ends only once the rest of the body
 * is read and dropped (bounded). Ending it at once would have Node close the socket on unread bytes: a
 * reset, which can discard the answer before a client still sending reads it (RFC 9112 §9.6).
 */
export async function answerUnread(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => Promise<IteratorResult<Buffer>>,
  status: number,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  const payload = Buffer.from(body);
  res.writeHead(status, { ...headers, 'content-length': String(payload.byteLength), connection: 'close' });
  res.write(payload);
  if (await drain(req, next)) res.end();
}
