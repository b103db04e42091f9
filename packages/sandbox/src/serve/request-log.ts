import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as the server logs it. */
export interface RequestLogEntry {
  method: string;
  /** The path without its query (a query can carry user ids). */
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer being written. */
  ms: number;
  request_id: string | null;
}

/** What the log line of one request reads once it is answered, filled in as the answer is written. */
export interface LoggedAnswer {
  /** Read from the sandbox's answer: headers given to writeHead are not readable back with getHeader. */
  requestId: string | null;
  /** When the answer was written, in ms after `started`: a refused body's connection stays open a while after it. */
  answeredMs?: number;
}

/** Calls `onRequest` with the request's log line once its connection is done with it. */
export function logOnClose(
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
  onRequest: (entry: RequestLogEntry) => void,
): LoggedAnswer {
  const answer: LoggedAnswer = { requestId: null };
  // On close, not finish: a refused body's answer never finishes when its connection is cut.
  res.once('close', () => {
    if (!res.headersSent) return;
    onRequest({
      method: req.method ?? '',
      path: (req.url ?? '/').split('?')[0] as string,
      status: res.statusCode,
      ms: Math.round((answer.answeredMs ?? performance.now() - started) * 10) / 10,
      request_id: answer.requestId,
    });
  });
  return answer;
}
