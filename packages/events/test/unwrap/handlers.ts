// The two handlers the README shows, kept here so the tests run exactly that code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_MAX_BODY_BYTES,
  unwrap,
  unwrapRequest,
  WebhookError,
  type WebhookEvent,
} from '../../src/index.js';

export type Handle = (event: WebhookEvent) => Promise<void>;

/** Node `http` server: collect the raw bytes (never a parsed body), then `unwrap`. */
export function nodeHandler(secret: string, handle: Handle) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).byteLength;
      if (size > DEFAULT_MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    try {
      const event = await unwrap(Buffer.concat(chunks), req.headers, { secret });
      await handle(event);
      res.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      res.writeHead(error.code === 'body_too_large' ? 413 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: error.code }));
    }
  };
}

/** Fetch-style runtimes (Workers, Deno, Bun, Next.js route handlers): Request in, Response out. */
export function fetchHandler(secret: string, handle: Handle) {
  return async (request: Request): Promise<Response> => {
    try {
      const event = await unwrapRequest(request, { secret });
      await handle(event);
      return new Response(null, { status: 204 });
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      return Response.json({ error: error.code }, { status: error.code === 'body_too_large' ? 413 : 400 });
    }
  };
}
