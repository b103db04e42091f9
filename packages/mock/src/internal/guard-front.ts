import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerUnread, bodyChunks, readUpTo } from '@svc/server-edge/refused-body';
import type { BodyRule } from './body-rules.js';
import { checkUpload, type FrontRefusal, uploadLimit } from './check-upload.js';
import { malformedPercentEncoding } from './percent-encoding.js';
import { isJsonBody, JSON_BODY_LIMIT, readJsonBody } from './read-json-body.js';

/** The mock's listening side: answers what would end or fool Prism, forwards everything else to it. */
export interface GuardFront {
  readonly port: number;
  /** Starts forwarding to Prism on loopback `upstreamPort`, checking bodies by `rules`. */
  forwardTo(upstreamPort: number, rules: readonly BodyRule[]): void;
  close(): Promise<void>;
}

const PROBLEM = { 'content-type': 'application/problem+json' };
const problemOf = ({ status, title, detail }: FrontRefusal) =>
  JSON.stringify({ type: 'about:blank', title, status, detail });

function refuse(res: ServerResponse, refusal: FrontRefusal, close = false) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(refusal.status, { ...PROBLEM, ...(close ? { connection: 'close' } : {}) });
  res.end(problemOf(refusal));
}

const tooLarge = (limit: number): FrontRefusal => ({
  status: 413,
  title: 'Body too large',
  detail: `The request body is over the limit of ${limit} bytes.`,
});

/** Where the front forwards to, once Prism listens. */
interface Upstream {
  port: number;
  rules: readonly BodyRule[];
  agent: Agent;
}

/** Sends a request on to Prism (its body as read, or streamed) and its answer back. */
function forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, body?: Buffer) {
  const headers = { ...req.headers };
  if (body) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.byteLength);
  }
  const { port, agent } = upstream;
  const outgoing = request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on('error', () =>
    refuse(res, { status: 502, title: 'Mock unavailable', detail: 'Prism did not answer this request.' }),
  );
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  if (body) outgoing.end(body);
  else req.pipe(outgoing);
}

/** The whole body, read within `limit`; undefined once it was answered 413 instead. */
async function readWithin(req: IncomingMessage, res: ServerResponse, limit: number) {
  const declared = Number(req.headers['content-length']);
  const next = bodyChunks(req);
  // Refused on the declared size before reading, else on the counted size as soon as it passes.
  const body = Number.isFinite(declared) && declared > limit ? undefined : await readUpTo(next, limit);
  if (!body) await answerUnread(req, res, next, 413, PROBLEM, problemOf(tooLarge(limit)));
  return body;
}

/** An upload read within its limit and checked before it is forwarded; refused (413, 4xx) otherwise. */
async function forwardUpload(req: IncomingMessage, res: ServerResponse, upstream: Upstream, rule: BodyRule) {
  const body = await readWithin(req, res, uploadLimit(rule) ?? Number.POSITIVE_INFINITY);
  if (!body) return;
  const refusal = await checkUpload(rule, req.headers['content-type'], body);
  if (refusal) return refuse(res, refusal);
  forward(req, res, upstream, body);
}

/** A body that is JSON `null`, with JSON's whitespace around it. */
const JSON_NULL = /^[ \t\n\r]*null[ \t\n\r]*$/;
const JSON_FALSE = Buffer.from('false');

/** A JSON body read within Prism's limit and checked before Prism parses it; refused (413, 415, 400) otherwise. */
async function forwardJson(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: Upstream,
  rule: BodyRule | undefined,
) {
  const body = await readWithin(req, res, JSON_BODY_LIMIT);
  if (!body) return;
  const read = readJsonBody(req.headers['content-type'], body);
  if ('refusal' in read) return refuse(res, read.refusal);
  // Prism takes a JSON `null` for no body and checks nothing; `false` breaks an object-only schema's
  // `type` as `null` does, so Prism answers it with the 422 (and sl-violations) any non-object gets.
  forward(req, res, upstream, rule?.objectOnly && JSON_NULL.test(read.text) ? JSON_FALSE : body);
}

/** Answers what would end or fool Prism, and forwards the rest. */
async function guard(req: IncomingMessage, res: ServerResponse, upstream: Upstream | undefined) {
  if (!upstream) {
    req.resume();
    return refuse(res, { status: 503, title: 'Mock starting', detail: 'Prism is not listening yet.' });
  }
  const target = req.url ?? '/';
  const malformed = malformedPercentEncoding(target);
  if (malformed !== undefined) {
    req.resume();
    return refuse(res, {
      status: 400,
      title: 'Bad percent-encoding',
      detail: `"${malformed}" in the request target is not valid percent-encoding.`,
    });
  }
  const pathname = target.split('?')[0] as string;
  const rule = upstream.rules.find((r) => r.method === req.method && r.path.test(pathname));
  // Any JSON body, whatever the route: Prism parses it before it looks for the operation.
  if (isJsonBody(req.headers)) return forwardJson(req, res, upstream, rule);
  return rule && rule.files.size > 0 ? forwardUpload(req, res, upstream, rule) : forward(req, res, upstream);
}

/** The answer to a request Node's parser cannot read (broken request line, bad headers): 400, closed. */
const UNPARSED =
  'HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\nconnection: close\r\n\r\n{"type":"about:blank","title":"Bad request","status":400,"detail":"The request could not be parsed."}';

/**
 * Listens on `host:port` (0 picks a free one). Until `forwardTo` is called every request gets a 503.
 * Hand-written on node:http rather than a proxy library: it must read and judge some bodies before
 * forwarding them, which is most of the code a library would leave to us anyway.
 */
export async function startGuardFront(host: string, port: number): Promise<GuardFront> {
  let upstream: Upstream | undefined;
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    guard(req, res, upstream).catch(() =>
      refuse(res, { status: 400, title: 'Bad request', detail: 'The request could not be read.' }, true),
    );
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end(UNPARSED);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    forwardTo(upstreamPort, rules) {
      upstream = { port: upstreamPort, rules, agent };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
