import type {
  CallToolResult,
  McpServer,
  RegisteredTool,
  ServerContext,
  StandardSchemaV1,
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

/**
 * Answers every `tools/call` of a server, in place of the SDK's handler, so that every refusal is a tool
 * result (`isError`) and a `refused` audit line: a tool this server does not serve or did not enable
 * (`refusalOf` says why: a write not allowed, no `--store`, no such tool) and arguments that fail the
 * tool's schema. The SDK's own handler answers those with a protocol error and calls no code of ours,
 * so nothing could be audited. A tool that runs writes its own audit line.
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
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler('tools/call', async (request, ctx) => {
    const started = performance.now();
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const tool = tools.get(name);
    if (!tool?.enabled) return refuse(name, started, refusalOf(name));
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
    let result: CallToolResult;
    try {
      result = await (tool.handler as Handler)(value, ctx);
    } catch (error) {
      // The tools answer their own failures; this is the net under them, audited like any error.
      try {
        settings.audit({
          time: new Date().toISOString(),
          tool: name,
          outcome: 'error',
          error: errorName(error),
          ms: Math.round(performance.now() - started),
        });
      } catch {}
      result = { content: [{ type: 'text', text: settings.redact(errorText(error)) }], isError: true };
    }
    const outputSchema = tool.outputSchema?.['~standard'].jsonSchema.output({ target: 'draft-2020-12' });
    return server.server.projectCallToolResult(result, outputSchema);
  });
}

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
