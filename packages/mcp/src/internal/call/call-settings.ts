// What a tool call is handed: the settings its server shares and the request it came in (read by the
// pipeline, call-tool.ts, and by what it hands on to, such as present-result.ts).
import type { StandardSchemaV1 } from '@modelcontextprotocol/server';
import type { SvcClient } from '@svc/client';
import type { AuditEntry } from '../../audit-entry.js';

/** What every tool call of one server shares. */
export interface CallSettings {
  client: SvcClient;
  /** Most bytes a result takes in the protocol message (the data and its notes). */
  maxResultBytes: number;
  /** Writes the audit line; a throw withholds the result (no read goes unrecorded). */
  audit: (entry: AuditEntry) => void;
  /** Masks the server's secrets in any text it returns. */
  redact: (text: string) => string;
  /** Whether the operator allowed this write. */
  allowsWrite: (operation: string) => boolean;
  /** Each operation's argument check, from its input schema (the JSON Schema its tool advertises). */
  validators: ReadonlyMap<string, StandardSchemaV1<Record<string, unknown>>>;
}

/** One request of a model, as the tool that received it sees it. */
export interface ToolRequest {
  /** The tool the model called (an operation's, or `call_operation`). */
  tool: string;
  signal: AbortSignal;
  /** Reports progress, when the client asked for it. */
  progress: (progress: number, message: string) => void;
  /** The tool and arguments that call `operation` with `args`: how a continuation is written. */
  callOf: (args: Record<string, unknown>) => { tool: string; arguments: Record<string, unknown> };
}
