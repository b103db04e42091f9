import type { Writable } from 'node:stream';

/** Most bytes of lines waiting for a host that does not read stderr; past it, lines are dropped and counted. */
export const STDERR_BUFFER_BYTES = 4 * 1024 * 1024;
/** How long a stopping server waits for a host to read what is still queued for stderr. */
export const STDERR_FLUSH_MS = 5_000;

/** Lines for stderr, in the order written; `flushed()` resolves once they are out (or the wait runs out). */
export interface StderrLines {
  write(line: string): void;
  flushed(): Promise<void>;
}

/**
 * Lines to stderr that never block the server and never throw into a call. An MCP host may read a
 * server's stderr late or never, and the stream Node gives a pipe is non-blocking (a `writeSync` to fd 2
 * throws `EAGAIN` once the pipe is full), so lines go through the stream's own ordered queue, bounded
 * by `maxBytes`. When the queue is full a line is dropped, never the call it belongs to; once the host
 * reads again, one line says how many were dropped. A stderr that is closed loses the lines, not the call.
 */
export function stderrLines(stream: Writable = process.stderr, maxBytes = STDERR_BUFFER_BYTES): StderrLines {
  let dropped = 0;
  // EPIPE and the like arrive here asynchronously: a closed stderr must not end the server.
  stream.on('error', () => {});
  const reportDropped = () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    stream.write(
      `svc-mcp: ${count} stderr line(s) dropped: the host did not read stderr while more than ${maxBytes} bytes waited (use --audit-file for an audit trail that never drops)\n`,
    );
  };
  return {
    write(line) {
      try {
        if (stream.destroyed || stream.writableEnded) return;
        if (stream.writableLength + Buffer.byteLength(line) > maxBytes) {
          if (dropped++ === 0) stream.once('drain', reportDropped);
          return;
        }
        stream.write(line);
      } catch {
        // A line is never worth a call: nothing written to stderr may fail the caller.
      }
    },
    flushed() {
      if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, STDERR_FLUSH_MS);
        function done() {
          clearTimeout(timer);
          stream.off('drain', done);
          resolve();
        }
        stream.once('drain', done);
      });
    },
  };
}

let shared: StderrLines | undefined;
/** The process's one stderr writer: every line of the server (audit, log, notice) goes through it, in order. */
export function processStderr(): StderrLines {
  shared ??= stderrLines();
  return shared;
}
