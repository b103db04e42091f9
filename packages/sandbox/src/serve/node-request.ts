import type { IncomingMessage } from 'node:http';
import { bodyChunks, drainRest } from '@svc/server-edge/refused-body';

/** A request body read on demand: a web stream for the sandbox, and a drain for what it left unread. */
export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  /** Reads and drops the rest (bounded), so the connection is never reset while the client still writes. */
  drain(): Promise<boolean>;
}

function bodyOf(req: IncomingMessage): StreamedBody {
  const next = bodyChunks(req);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    // Not `Readable.toWeb`: its cancel destroys the socket, and the client must still read the 413.
    cancel() {},
  });
  return { stream, drain: () => drainRest(req, next) };
}

/**
 * The body of a Node request, undefined for a GET or HEAD (answered without a body stream: building one
 * costs more than the rest of a read), whose socket is then read to its end.
 */
export function streamedBodyOf(req: IncomingMessage): StreamedBody | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return bodyOf(req);
  req.resume();
  return undefined;
}

/** A Node request as the web Request the sandbox answers; throws when its URL or headers are not valid. */
export function webRequestOf(
  req: IncomingMessage,
  origin: string,
  body: ReadableStream<Uint8Array> | undefined,
): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body,
    // @ts-expect-error: Node's fetch needs `duplex` for a streamed body; the DOM RequestInit type does not list it.
    duplex: 'half',
  });
}
