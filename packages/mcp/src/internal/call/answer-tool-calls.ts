import {
  type CallToolResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type RegisteredTool,
  type ServerContext,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import type { RefusalReason } from '../../audit-entry.js';
import type { CallSettings } from './call-settings.js';
import { errorName, errorText } from './error-text.js';

/** A refusal as the model reads it, and the reason its audit line gives. */
export interface Refusal {
  reason: RefusalReason;
  text: string;
}

/** Most array items and object members one call's arguments may hold. */
export const MAX_ARGUMENT_ELEMENTS = 100_000;
/** Longest tool name an audit line repeats (the name comes from the model). */
const MAX_AUDITED_NAME = 128;

type Handler = (args: unknown, ctx: ServerContext) => CallToolResult | Promise<CallToolResult>;

/** What the audit line names as the tool of a call that names none as text. */
const UNNAMED = '(no name)';

/**
 * Answers every `tools/call` of a server, in place of the SDK's handler, so that every refusal is a tool
 * result (`isError`) and a `refused` audit line: a call that names no tool as text, a tool this server
 * does not serve or did not enable (`refusalOf` says why: a write not allowed, no `--store`, no such
 * tool), and arguments that are not an object or fail the tool's schema. The SDK answers those with a
 * protocol error and calls no code of ours, so nothing could be audited. A tool that runs writes its
 * own audit line.
 */
export function answerToolCalls(
  server: McpServer,
  tools: ReadonlyMap<string, RegisteredTool>,
  settings: CallSettings,
  refusalOf: (name: string) => Refusal,
): void {
  const refuse = (name: string, started: number, { reason, text }: Refusal): CallToolResult => {
    let withheld = '';
    try {
      settings.audit({
        time: new Date().toISOString(),
        tool: name.slice(0, MAX_AUDITED_NAME),
        outcome: 'refused',
        reason,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      withheld = ` (its audit line could not be written: ${errorText(error)})`;
    }
    return { content: [{ type: 'text', text: settings.redact(`${text}${withheld}`) }], isError: true };
  };
  const answer = async (params: unknown, ctx: ServerContext): Promise<CallToolResult> => {
    const started = performance.now();
    const { name, arguments: args = {} } = isRecord(params) ? params : {};
    if (typeof name !== 'string')
      return refuse(UNNAMED, started, {
        reason: 'tool-not-enabled',
        text: `A tool call names its tool as text in "name" (this one sent ${kindOf(name)}): tools/list names the tools this server serves.`,
      });
    const tool = tools.get(name);
    if (!tool?.enabled) return refuse(name, started, refusalOf(name));
    if (!isRecord(args))
      return refuse(name, started, {
        reason: 'invalid-arguments',
        text: `Invalid arguments for ${name}: the arguments are an object of named values, or left out (this call sent ${kindOf(args)}). Nothing was run.`,
      });
    if (countElements(args, MAX_ARGUMENT_ELEMENTS) > MAX_ARGUMENT_ELEMENTS)
      return refuse(name, started, {
        reason: 'invalid-arguments',
        text: `Invalid arguments for ${name}: more than ${MAX_ARGUMENT_ELEMENTS} items and members. Nothing was run.`,
      });
    let value: unknown = args;
    if (tool.inputSchema) {
      const checked = await tool.inputSchema['~standard'].validate(args);
      if (checked.issues)
        return refuse(name, started, {
          reason: 'invalid-arguments',
          text: `Invalid arguments for ${name}: ${checked.issues.map(issueText).join('; ')}. Nothing was run.`,
        });
      value = checked.value;
    }
    const result = await runTool(tool, name, value, ctx, settings, started);
    const outputSchema = tool.outputSchema?.['~standard'].jsonSchema.output({ target: 'draft-2020-12' });
    return server.server.projectCallToolResult(result, outputSchema);
  };
  server.server.removeRequestHandler('tools/call');
  // Not setRequestHandler: the SDK checks a tools/call's params (a text name, object arguments) before
  // any handler registered for it and answers -32602; the fallback handler receives the call as sent.
  server.server.fallbackRequestHandler = async (request, ctx) => {
    if (request.method !== 'tools/call')
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    return answer(request.params, ctx);
  };
}

/** Runs a tool's handler; the tools answer their own failures, and this is the net under them, audited like any error. */
async function runTool(
  tool: RegisteredTool,
  name: string,
  args: unknown,
  ctx: ServerContext,
  settings: CallSettings,
  started: number,
): Promise<CallToolResult> {
  try {
    return await (tool.handler as Handler)(args, ctx);
  } catch (error) {
    try {
      settings.audit({
        time: new Date().toISOString(),
        tool: name,
        outcome: 'error',
        error: errorName(error),
        ms: Math.round(performance.now() - started),
      });
    } catch {}
    return { content: [{ type: 'text', text: settings.redact(errorText(error)) }], isError: true };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, in words, without repeating it (it comes from the model). */
const kindOf = (value: unknown): string =>
  value === undefined
    ? 'none'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;

export const issueText = ({ message, path }: StandardSchemaV1.Issue) =>
  path && path.length > 0
    ? `${path.map((part) => String(typeof part === 'object' ? part.key : part)).join('.')}: ${message}`
    : message;

/** Items and members in a value, counted until `limit` is passed (so a huge value costs little). */
function countElements(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    const children = Array.isArray(next) ? next : Object.values(next);
    count += children.length;
    for (const child of children) stack.push(child);
  }
  return count;
}
