import type { Readable, Writable } from 'node:stream';
import { type JSONRPCMessage, parseJSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

/** JSON-RPC's codes for a line that is not JSON, and for JSON that is not a valid request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
/** How far from either end of a skipped (oversized) line its request id is looked for. */
const ID_SEARCH_BYTES = 1024;

type Id = string | number | null;

/**
 * MCP over stdio, one JSON-RPC message per line, that answers what it cannot read and keeps serving
 * (the SDK's own transport closes on an oversized line, so the server exited 0, and skips invalid
 * messages without an answer). A line over `maxLineBytes` is skipped up to its newline and answered
 * `-32600` (with its id when it is near the start, as clients write it, else `null`); a line that is not
 * JSON is answered `-32700`; JSON that is not a JSON-RPC message is answered `-32600` with its id.
 * Written by hand because the SDK's reader offers no hook for the lines it rejects.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #chunks: Buffer[] = [];
  #pending = 0;
  /** While skipping an oversized line: its first and last bytes (for the id) until its newline arrives. */
  #skipping: { head: Buffer; tail: Buffer } | undefined;
  #closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxLineBytes: number,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onError);
    this.stdin.on('end', this.#onEnd);
    this.stdin.on('close', this.#onEnd);
    this.stdout.on('error', this.#onError);
  }

  #onError = (error: Error) => this.onerror?.(error);
  #onEnd = () => void this.close();

  #onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.#take(chunk.subarray(start, newline));
      this.#endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  };

  /** Adds bytes to the current line, or starts skipping it once it passes the limit. */
  #take(bytes: Buffer) {
    if (this.#skipping) {
      this.#skipping.tail = Buffer.concat([this.#skipping.tail, bytes]).subarray(-ID_SEARCH_BYTES);
      return;
    }
    if (this.#pending + bytes.length > this.maxLineBytes) {
      const line = Buffer.concat([...this.#chunks, bytes]);
      this.#skipping = { head: line.subarray(0, ID_SEARCH_BYTES), tail: line.subarray(-ID_SEARCH_BYTES) };
      this.#chunks = [];
      this.#pending = 0;
      return;
    }
    this.#chunks.push(bytes);
    this.#pending += bytes.length;
  }

  #endLine() {
    if (this.#skipping) {
      const { head, tail } = this.#skipping;
      this.#skipping = undefined;
      this.#answer(
        skippedId(head.toString('utf8'), tail.toString('utf8')),
        INVALID_REQUEST,
        `message over ${this.maxLineBytes} bytes, skipped`,
      );
      return;
    }
    const line = Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, '');
    this.#chunks = [];
    this.#pending = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.#answer(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(json);
    } catch {
      const id = (json as { id?: unknown } | null)?.id;
      // A response or notification gets no answer; anything that may be a request is told why.
      this.#answer(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        INVALID_REQUEST,
        'Invalid Request: not a JSON-RPC 2.0 message',
      );
      return;
    }
    this.onmessage?.(message);
  }

  #answer(id: Id, code: number, message: string) {
    this.onerror?.(new Error(`${message} (answered with JSON-RPC error ${code})`));
    this.#write({ jsonrpc: '2.0', id, error: { code, message } }).catch(this.#onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the stdio transport is closed'));
    return this.#write(message);
  }

  #write(message: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      // Resolves when written, as the SDK's transport does, so a slow reader holds back the sender.
      if (this.stdout.write(`${JSON.stringify(message)}\n`, done)) return;
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onError);
    this.stdin.off('end', this.#onEnd);
    this.stdin.off('close', this.#onEnd);
    this.stdin.pause();
    this.onclose?.();
  }
}

const ID = String.raw`"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})`;
/** The top-level id when it opens the message (after `jsonrpc`) or closes it, as clients write requests. */
const LEADING_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}\s*[,}]`);
const TRAILING_ID = new RegExp(String.raw`,\s*${ID}\s*\}\s*$`);

/** The id of a skipped message, when it can be told from its ends without reading the rest; else `null`. */
function skippedId(head: string, tail: string): Id {
  const found = LEADING_ID.exec(head)?.[1] ?? TRAILING_ID.exec(tail.replace(/\r$/, ''))?.[1];
  return found === undefined ? null : (JSON.parse(found) as string | number);
}
