import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLOCK_HEADER } from '../http/handle-request.js';
import type { StreamedBody } from './node-request.js';

/** Refuses with a JSON body; when the headers are already out, the connection is destroyed instead. */
export function refuse(res: ServerResponse, clock: string, status: number, code: string, message: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', [CLOCK_HEADER]: clock });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** The answer to a request Node's parser could not read (a broken request line, bad headers): 400, closed. */
export const unparsedAnswer = (clock: string) =>
  `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n${CLOCK_HEADER}: ${clock}\r\nconnection: close\r\n\r\n{"error":{"code":"bad_request","message":"The request could not be parsed."}}`;

/**
 * Writes the sandbox's answer to a Node response. `answered` is called once the whole answer is written
 * (the connection of a refused body stays open a while after it, for the drain).
 */
export async function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  body: StreamedBody | undefined,
  answered: () => void,
): Promise<void> {
  const payload = Buffer.from(await response.arrayBuffer());
  if (body === undefined || req.complete) {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    return void res.end(payload);
  }
  // A body refused before it was read in full (413) is answered at once, with its length, on a
  // connection that then closes; the response ends only once the rest of the body is read and
  // dropped (bounded). Ending it at once would have Node close the socket on unread bytes: a
  // reset, which can discard the answer before a client still sending reads it (RFC 9112 §9.6).
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    'content-length': String(payload.byteLength),
    connection: 'close',
  });
  res.write(payload);
  answered();
  if (await body.drain()) res.end();
}
