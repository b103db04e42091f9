#!/usr/bin/env node
// svc-mcp: the Svc API as an MCP server on the partner's machine, over stdio (default) or loopback HTTP.
// stdout belongs to the protocol in stdio mode: everything else goes to stderr. A bad flag exits 2 with
// one line; a failure to start exits 1 with one line.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createClient, type Logger, type SvcClient } from '@svc/client';
import { openStoreReadOnly, StoreUrlError, type SyncStore } from '@svc/sync';
import type { AuditEntry } from './audit-entry.js';
import { AuditFileError, fileAudit, stderrAudit } from './internal/audit-sink.js';
import { messageBytesLimit } from './internal/catalogue.js';
import { type Flags, parseFlags, USAGE, UsageError } from './internal/cli/flags.js';
import { DISCOVER_TOOL_NAMES } from './internal/discover/discover-tools.js';
import { serveHttp } from './internal/http/serve-http.js';
import { maskWith } from './internal/mask.js';
import { shippedCatalogue } from './internal/shipped-catalogue.js';
import { processStderr } from './internal/stderr-lines.js';
import { StdioTransport } from './internal/stdio/stdio-transport.js';
import { STORE_TOOL_NAMES } from './internal/store/store-tools.js';
import { svcMcpServerFactory } from './svc-mcp-server.js';
import { VERSION } from './version.js';

const mask = maskWith([process.env.SVC_API_KEY ?? '']);
// Every stderr line (notices, log lines, audit lines) goes through one ordered, bounded, non-blocking queue.
const stderr = processStderr();
const say = (line: string) => stderr.write(mask(`svc-mcp: ${line}\n`));
/** Before serving, stderr is empty: the line is written at once, and the process can end. */
function fail(message: string, code = 1): never {
  say(message);
  process.exit(code);
}
/** Ends the process once what is queued for stderr is out (a host may read it late), within a bound. */
const exitWhenFlushed = (code: number) => void stderr.flushed().then(() => process.exit(code));
const crash = (error: unknown) => {
  say(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitWhenFlushed(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

let flags: Flags;
try {
  flags = parseFlags(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) fail(`${error.message} (svc-mcp --help lists the flags)`, 2);
  throw error;
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (flags.version) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}

/** The client's log lines (already redacted by it) on stderr: stdout is the protocol's. */
const logTo =
  (level: string) =>
  (message: string, meta: Record<string, unknown>): void => {
    say(`${level} ${message} ${JSON.stringify(meta)}`);
  };
const logger: Logger = {
  debug: logTo('debug'),
  info: logTo('info'),
  warn: logTo('warn'),
  error: logTo('error'),
};

let client: SvcClient;
try {
  client = createClient({
    baseUrl: flags.baseUrl,
    environment: flags.environment as never,
    region: flags.region as never,
    logger,
  });
} catch (error) {
  // The client's ValidationError names the option (or says how to set SVC_API_KEY), never the key.
  fail((error as Error).message, 2);
}

let audit: (entry: AuditEntry) => void = stderrAudit;
if (flags.auditFile !== undefined) {
  try {
    audit = fileAudit(flags.auditFile);
  } catch (error) {
    if (error instanceof AuditFileError) fail(`--audit-file ${error.message}`, 2);
    const { code, message } = error as NodeJS.ErrnoException;
    fail(`cannot open --audit-file ${flags.auditFile} (${code ?? message})`, 2);
  }
}

let store: SyncStore | undefined;
if (flags.store !== undefined) {
  try {
    store = await openStoreReadOnly(flags.store);
  } catch (error) {
    // The store's errors name the problem and never the password of a PostgreSQL address.
    fail(`--store: ${(error as Error).message}`, error instanceof StoreUrlError ? 2 : 1);
  }
}

let factory: ReturnType<typeof svcMcpServerFactory>;
try {
  factory = svcMcpServerFactory({
    client,
    tools: flags.tools,
    allowWrites: flags.allowWrites,
    maxResultBytes: flags.maxResultBytes,
    audit,
    secrets: [process.env.SVC_API_KEY ?? ''],
    ...(store ? { store } : {}),
  });
} catch (error) {
  // An --allow-write naming no write is the operator's to fix: a usage error.
  fail(
    (error as Error).message.replace(/^allowWrites: /, '--allow-write: '),
    error instanceof TypeError ? 2 : 1,
  );
}

const tools = shippedCatalogue();
const writes =
  flags.allowWrites === true
    ? 'reads and writes'
    : flags.allowWrites === false
      ? 'reads only'
      : `reads and ${flags.allowWrites.join(', ')}`;
// Counted from the lists the tools are registered from, so the line follows a tool added or removed.
const served =
  flags.tools === 'discover' ? `${DISCOVER_TOOL_NAMES.length} discover tools` : 'one tool per operation';
const what = `${served} (${writes})${store ? `, and ${STORE_TOOL_NAMES.length} tools reading the store` : ''}`;
const maxBodyBytes = messageBytesLimit(tools);

if (flags.httpPort !== undefined) {
  const port = flags.httpPort;
  try {
    const http = await serveHttp(factory, {
      port,
      maxBodyBytes,
      onError: (error) => say(`error: ${error.message}`),
    });
    say(`listening on ${http.url}, ${what}`);
    const stop = () => void http.close().then(() => exitWhenFlushed(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(
        `port ${port} on 127.0.0.1 is already in use: stop the process using it or pass --port <another port> (0 picks a free one)`,
      );
    if (code === 'EACCES')
      fail(`not allowed to listen on 127.0.0.1:${port}: pick a port above 1023 with --port`);
    throw error;
  }
} else {
  const handle = serveStdio(factory, {
    transport: new StdioTransport(process.stdin, process.stdout, maxBodyBytes),
    onerror: (error) => say(`error: ${error.message}`),
  });
  say(`serving over stdio, ${what}`);
  const stop = () => void handle.close().then(() => exitWhenFlushed(0));
  process.stdin.once('end', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
