import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import type { SvcClient } from '@svc/client';
import type { SyncStore } from '@svc/sync';
import type { AuditEntry } from './audit-entry.js';
import { stderrAudit } from './internal/audit-sink.js';
import { answerToolCalls, MAX_ARGUMENT_ELEMENTS, type Refusal } from './internal/call/answer-tool-calls.js';
import type { CallSettings } from './internal/call/call-settings.js';
import { writeNotAllowed } from './internal/call/call-tool.js';
import type { CatalogueTool } from './internal/catalogue.js';
import { registerDiscoverTools } from './internal/discover/discover-tools.js';
import { instructionsFor } from './internal/instructions.js';
import { maskWith } from './internal/mask.js';
import { registerOperationTools } from './internal/register-operation-tools.js';
import { shippedCatalogue } from './internal/shipped-catalogue.js';
import { registerStoreTools, STORE_TOOL_NAMES } from './internal/store/store-tools.js';
import { DEFAULT_MAX_RESULT_BYTES, MAX_MAX_RESULT_BYTES, MIN_MAX_RESULT_BYTES } from './result-limits.js';
import { VERSION } from './version.js';

export interface SvcMcpServerOptions {
  /** The client every call goes through (`createClient()` reads `SVC_API_KEY` and `SVC_BASE_URL`). */
  client: SvcClient;
  /** `'all'` (default): one tool per operation. `'discover'`: three tools to search, describe and call them. */
  tools?: 'all' | 'discover';
  /** Writes the server may call: `true` for all, or their operation names. Default none: reads only. */
  allowWrites?: boolean | readonly string[];
  /** Most bytes one result takes in its protocol message, notes included (default 32,000). */
  maxResultBytes?: number;
  /** Receives the audit line of every tool call. Default: one JSON line on stderr. A throw withholds the result. */
  audit?: (entry: AuditEntry) => void;
  /** Texts masked as `[redacted]` in every result and audit line (the CLI passes the API key). */
  secrets?: readonly string[];
  /**
   * Your synced `@svc/sync` store, opened with `openStoreReadOnly` (`--store`): adds read-only tools for
   * fleet questions (per-user aggregates, one user's timeline, freshness and failures, lab orders). The
   * server never closes it.
   */
  store?: SyncStore;
}

/**
 * Makes the MCP servers of the Svc API: each call of the factory returns a new `McpServer` (the SDK's
 * stdio and HTTP entries ask for one per connection or request), sharing the tool table, which is read
 * from the bundled spec once. Bad options throw a `TypeError` naming the option.
 */
export function svcMcpServerFactory(options: SvcMcpServerOptions): () => McpServer {
  const all = shippedCatalogue();
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  if (
    !Number.isInteger(maxResultBytes) ||
    maxResultBytes < MIN_MAX_RESULT_BYTES ||
    maxResultBytes > MAX_MAX_RESULT_BYTES
  )
    throw new TypeError(
      `maxResultBytes must be a whole number from ${MIN_MAX_RESULT_BYTES} to ${MAX_MAX_RESULT_BYTES} (got ${maxResultBytes})`,
    );
  const allowed = allowedWrites(all, options.allowWrites ?? false);
  const mask = maskWith(options.secrets ?? []);
  const audit = options.audit ?? stderrAudit;
  const settings: CallSettings = {
    client: options.client,
    maxResultBytes,
    redact: mask,
    allowsWrite: (name) => allowed.has(name),
    // Compiled once: each checks a call's arguments against the schema its tool advertises.
    validators: new Map(
      all.map((tool) => [tool.name, fromJsonSchema<Record<string, unknown>>(tool.inputSchema)]),
    ),
    audit: (entry) => audit(JSON.parse(mask(JSON.stringify(entry))) as AuditEntry),
  };
  const mode = options.tools ?? 'all';
  if (mode !== 'all' && mode !== 'discover')
    throw new TypeError(`tools must be 'all' or 'discover' (got ${String(mode)})`);
  const store = options.store;
  const instructions = instructionsFor(mode, all, allowed, maxResultBytes, store !== undefined);
  return () => {
    const server = new McpServer(
      { name: 'svc-mcp', title: 'Svc health-data and lab-testing API', version: VERSION },
      { instructions, maxToolInputElements: MAX_ARGUMENT_ELEMENTS },
    );
    const registered =
      mode === 'discover'
        ? registerDiscoverTools(server, all, settings)
        : registerOperationTools(server, all, settings);
    if (store)
      for (const [name, tool] of registerStoreTools(server, store, settings)) registered.set(name, tool);
    answerToolCalls(server, registered, settings, (name) => refusalOf(name, mode, all, allowed));
    return server;
  };
}

/** Why a tool this server does not serve (or did not enable) is refused, in words a model can act on. */
function refusalOf(
  name: string,
  mode: 'all' | 'discover',
  all: readonly CatalogueTool[],
  allowed: ReadonlySet<string>,
): Refusal {
  if ((STORE_TOOL_NAMES as readonly string[]).includes(name))
    return {
      reason: 'store-not-configured',
      text: `${name} reads your synced store, and this server was started without one: the operator can restart it with --store <address> (sqlite:./svc.db or postgres://…).`,
    };
  const operation = all.find((tool) => tool.name === name);
  if (operation?.write && !allowed.has(name) && mode === 'all')
    return {
      reason: 'write-not-allowed',
      text: writeNotAllowed(name),
    };
  if (operation && mode === 'discover')
    return {
      reason: 'tool-not-enabled',
      text: `This server serves the operations through search_operations, describe_operation and call_operation: call ${name} with call_operation.`,
    };
  return {
    reason: 'tool-not-enabled',
    text: `This server has no tool ${JSON.stringify(name.slice(0, 128))}: tools/list names the tools it serves.`,
  };
}

function allowedWrites(all: readonly CatalogueTool[], allow: boolean | readonly string[]): Set<string> {
  const writes = all.filter((tool) => tool.write).map((tool) => tool.name);
  if (allow === true) return new Set(writes);
  if (allow === false) return new Set();
  for (const name of allow) {
    if (writes.includes(name)) continue;
    const known = all.some((tool) => tool.name === name);
    throw new TypeError(
      known
        ? `allowWrites: ${name} only reads, and reads are always allowed`
        : `allowWrites: ${name} is not an operation; the writes are ${writes.join(', ')}`,
    );
  }
  return new Set(allow);
}
