// The attempt reads every body fully under its timeout, then hands back a Response whose body
// readers serve that body from memory. Wrapping the body in `new Response(body)` and reading it again
// costs ~50 µs per call on Node (measured), so the body is not wrapped: the Response handed back is a
// BufferedResponse, bodiless, with the fetched one's status, reading its headers, URL and type, and
// serving the body already read.
//
// Why not the fetched Response itself: Node's fetch keeps it reachable until a full garbage collection
// (a WeakRef to it, reached from the finalization registration a request's signal gets; V8's
// young-generation collections keep WeakRef targets alive). A body attached to it was promoted with it:
// a 1.2 MB body cost about 2 ms more CPU per call than plain fetch with a signal, in extra full
// collections. A BufferedResponse costs about 1 µs more to make than attaching did.

/** Where a reply keeps its body, read whole: a Response of ours, or a node:http reply. */
export const BODY = Symbol();
const USED = Symbol();
const STREAM = Symbol();
export type Body = string | ArrayBuffer;
type Buffered = Response & {
  [BODY]: Body;
  [USED]?: boolean;
  [STREAM]?: ReadableStream<Uint8Array> | undefined;
};

/** JSON and text bodies are read as text: no copy into an ArrayBuffer, no second decoding. */
const TEXT_TYPE = /json|^\s*text\//i;

/** Whether a body of this content type is kept as text. */
export const isTextType = (type: string | null): boolean => type !== null && TEXT_TYPE.test(type);

let decoder: TextDecoder | undefined;
let encoder: TextEncoder | undefined;
/** UTF-8, a byte order mark dropped, as fetch's `text()` reads. */
export const textDecoder = (): TextDecoder => {
  decoder ??= new TextDecoder();
  return decoder;
};

const textOf = (response: Buffered): string => {
  const body = response[BODY];
  return typeof body === 'string' ? body : textDecoder().decode(body);
};
const bytesOf = (response: Buffered): ArrayBuffer => {
  const body = response[BODY];
  if (typeof body !== 'string') return body.slice(0);
  encoder ??= new TextEncoder();
  // A new Uint8Array over a buffer of its own, exactly its length.
  return encoder.encode(body).buffer as ArrayBuffer;
};

/** Fetch's own wording for a body read twice. */
const unusable = (): TypeError => new TypeError('Body is unusable: Body has already been read');

/** Marks the body read, as the fetched body's first read does; a second read rejects, as fetch's. */
function consume(response: Buffered): void {
  if (response[USED] || response[STREAM]?.locked) throw unusable();
  response[USED] = true;
  // A stream handed out earlier is locked by this read, as fetch's own would be.
  response[STREAM]?.getReader();
}

async function text(this: Buffered): Promise<string> {
  consume(this);
  return textOf(this);
}
async function json(this: Buffered): Promise<unknown> {
  consume(this);
  return JSON.parse(textOf(this));
}
async function arrayBuffer(this: Buffered): Promise<ArrayBuffer> {
  consume(this);
  return bytesOf(this);
}
async function bytes(this: Buffered): Promise<Uint8Array> {
  consume(this);
  return new Uint8Array(bytesOf(this));
}
async function blob(this: Buffered): Promise<Blob> {
  consume(this);
  return new Blob([this[BODY]], { type: this.headers.get('content-type') ?? '' });
}
async function formData(this: Buffered): Promise<FormData> {
  consume(this);
  return new Response(bytesOf(this), { headers: this.headers }).formData();
}

/** The body readers, all serving the body in memory, each once. */
const READERS = { text, json, arrayBuffer, bytes, blob, formData };

/** The body as a stream, made when first asked for; reading it marks the body used. */
function streamOf(response: Buffered): ReadableStream<Uint8Array> {
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      response[USED] = true;
      const chunk = new Uint8Array(bytesOf(response));
      // A byte stream refuses an empty chunk: an empty body just ends.
      if (chunk.byteLength > 0) controller.enqueue(chunk);
      controller.close();
    },
  }) as ReadableStream<Uint8Array>;
}

/** The body of a reply (bufferedResponse's, or a node:http one), when it was read as text; undefined otherwise. */
export function bufferedText(response: object): string | undefined {
  const body = (response as Partial<Buffered>)[BODY];
  return typeof body === 'string' ? body : undefined;
}

const FETCHED = Symbol();

/**
 * What a BufferedResponse reads from: a fetched Response, or what a node:http reply knows of its
 * answer (`body` null when the answer has none, as a fetched Response's).
 */
export type Fetched = Pick<Response, 'status' | 'statusText' | 'headers' | 'url' | 'redirected' | 'type'> & {
  body: unknown;
};

/**
 * The class of a bodiless Response with the fetched one's status, that reads as it and serves the body
 * already read: once, through a reader, `body` or `clone()`, with an honest `bodyUsed`. Made on first
 * use, not at import: reading the global `Response` makes Node 20 load its whole fetch implementation
 * (about 30 ms), which an import of the client must not pay.
 */
function defineBufferedResponse() {
  class BufferedResponse extends Response {
    readonly [FETCHED]: Fetched;
    readonly [BODY]: Body;
    [USED] = false;
    [STREAM]: ReadableStream<Uint8Array> | undefined;
    constructor(fetched: Fetched, body: Body) {
      super(null, { status: fetched.status, statusText: fetched.statusText });
      this[FETCHED] = fetched;
      this[BODY] = body;
    }
  }
  // Set on the prototype once: TypeScript cannot override Response's properties with accessors.
  for (const name of ['headers', 'url', 'redirected', 'type'] as const)
    Object.defineProperty(BufferedResponse.prototype, name, {
      configurable: true,
      get(this: BufferedResponse) {
        return this[FETCHED][name];
      },
    });
  Object.defineProperties(BufferedResponse.prototype, {
    body: {
      configurable: true,
      get(this: BufferedResponse & Buffered) {
        // A HEAD answer has no body to stream, as fetch's has none.
        if (this[FETCHED].body === null) return null;
        this[STREAM] ??= streamOf(this);
        return this[STREAM];
      },
    },
    bodyUsed: {
      configurable: true,
      get(this: BufferedResponse) {
        return this[USED];
      },
    },
    clone: {
      configurable: true,
      writable: true,
      value(this: BufferedResponse & Buffered): Response {
        if (this.bodyUsed || this[STREAM]?.locked)
          throw new TypeError('Response.clone: Body has already been consumed.');
        return new BufferedResponse(this[FETCHED], this[BODY]);
      },
    },
  });
  for (const [name, reader] of Object.entries(READERS))
    Object.defineProperty(BufferedResponse.prototype, name, {
      configurable: true,
      writable: true,
      value: reader,
    });
  return BufferedResponse;
}

let BufferedResponse: ReturnType<typeof defineBufferedResponse> | undefined;

/** The response, its body already read by readBody: its readers, `body` and `clone()` serve it, once. */
export function bufferedResponse(response: Fetched, body: Body): Response {
  BufferedResponse ??= defineBufferedResponse();
  try {
    return new BufferedResponse(response, body);
  } catch {
    // A status no Response can be made with (`Response.error()`'s 0): the readers go on the fetched one.
    return Object.assign(response, READERS, { [BODY]: body }) as unknown as Response;
  }
}

/**
 * The same response with its body unread: openapi-fetch reads the body before a named method sees
 * it, and `withResponse()` hands back a body the caller can still read. Any other Response as it is.
 */
export function unreadResponse(response: Response): Response {
  return BufferedResponse && response instanceof BufferedResponse
    ? new BufferedResponse(response[FETCHED], response[BODY])
    : response;
}
