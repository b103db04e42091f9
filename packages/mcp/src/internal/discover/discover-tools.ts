import {
  type CallToolResult,
  fromJsonSchema,
  type McpServer,
  type RegisteredTool,
} from '@modelcontextprotocol/server';
import type { CallSettings } from '../call/call-settings.js';
import { callTool } from '../call/call-tool.js';
import { errorText } from '../call/error-text.js';
import type { CatalogueTool } from '../catalogue.js';
import { toolRequest } from '../tool-request.js';
import { callOperationHints } from './call-operation-hints.js';
import { MAX_SEARCH_RESULTS, operationSearch } from './operation-search.js';

const LOCAL = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * The tools of `--tools discover`, in the order they are registered: counted where the server says what it
 * serves. A tool registered below without its name here (or back) does not compile.
 */
export const DISCOVER_TOOL_NAMES = ['search_operations', 'describe_operation', 'call_operation'] as const;

/** What the three tools share: the catalogue by name, its names, how a tool is summed up and answered. */
interface Discover {
  tools: readonly CatalogueTool[];
  settings: CallSettings;
  byName: Map<string, CatalogueTool>;
  names: string[];
  summary: (tool: CatalogueTool) => { name: string; title: string; kind: string; allowed: boolean };
  local: (tool: string, started: number, value: unknown) => CallToolResult;
}

/** A local tool's answer, after its audit line (a failed write withholds it, as for calls). */
function localAnswer(settings: CallSettings, tool: string, started: number, value: unknown): CallToolResult {
  try {
    settings.audit({
      time: new Date().toISOString(),
      tool,
      outcome: 'ok',
      ms: Math.round(performance.now() - started),
    });
  } catch (error) {
    return {
      content: [
        { type: 'text', text: settings.redact(`The audit line could not be written: ${errorText(error)}`) },
      ],
      isError: true,
    };
  }
  return { content: [{ type: 'text', text: settings.redact(JSON.stringify(value)) }] };
}

/** `search_operations`: operation names by words, with what each does and whether it is allowed. */
function registerSearch(server: McpServer, discover: Discover): RegisteredTool {
  const { byName, summary, local, tools } = discover;
  const search = operationSearch(tools);
  return server.registerTool(
    'search_operations',
    {
      title: 'Search the API operations',
      description: `Finds operations of the Svc API by words (e.g. "lab markers", "sleep summary", "book appointment"). Returns up to ${MAX_SEARCH_RESULTS} names with titles, whether each reads or writes, and whether this server allows it. Then describe_operation, then call_operation.`,
      inputSchema: fromJsonSchema<{ query: string; limit?: number }>({
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words to look for.' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_SEARCH_RESULTS,
            description: 'Most results (default 10).',
          },
        },
        required: ['query'],
        additionalProperties: false,
      }),
      annotations: { title: 'Search the API operations', ...LOCAL },
    },
    ({ query, limit }) => {
      const started = performance.now();
      return local(
        'search_operations',
        started,
        search(query, limit ?? 10).flatMap((name) => {
          const tool = byName.get(name);
          return tool ? [summary(tool)] : [];
        }),
      );
    },
  );
}

/** `describe_operation`: one operation's description, arguments and hints. */
function registerDescribe(server: McpServer, discover: Discover): RegisteredTool {
  const { byName, names, summary, local } = discover;
  return server.registerTool(
    'describe_operation',
    {
      title: 'Describe an API operation',
      description:
        'The description, arguments (JSON Schema) and behaviour hints of one operation, to call it with call_operation.',
      inputSchema: fromJsonSchema<{ name: string }>({
        type: 'object',
        properties: {
          name: { type: 'string', enum: names, description: 'The operation, as search_operations names it.' },
        },
        required: ['name'],
        additionalProperties: false,
      }),
      annotations: { title: 'Describe an API operation', ...LOCAL },
    },
    ({ name }) => {
      const started = performance.now();
      const tool = byName.get(name) as CatalogueTool;
      const { description, method, path, annotations, inputSchema } = tool;
      return local('describe_operation', started, {
        ...summary(tool),
        description,
        method: method.toUpperCase(),
        path,
        annotations,
        arguments: inputSchema,
      });
    },
  );
}

/** `call_operation`: one operation called through the same pipeline as its own tool. */
function registerCallOperation(server: McpServer, discover: Discover): RegisteredTool {
  const { byName, names, tools, settings } = discover;
  return server.registerTool(
    'call_operation',
    {
      title: 'Call an API operation',
      description:
        'Calls one operation with its arguments (as describe_operation gives them) and returns its answer as JSON. Writes are refused unless this server allows them.',
      inputSchema: fromJsonSchema<{ name: string; arguments?: Record<string, unknown> }>({
        type: 'object',
        properties: {
          name: { type: 'string', enum: names, description: 'The operation to call.' },
          arguments: { type: 'object', description: "The operation's arguments.", default: {} },
        },
        required: ['name'],
        additionalProperties: false,
      }),
      annotations: { title: 'Call an API operation', ...callOperationHints(tools, settings.allowsWrite) },
    },
    ({ name, arguments: args = {} }, ctx) => {
      const tool = byName.get(name) as CatalogueTool;
      const request = toolRequest(ctx, 'call_operation', (next) => ({
        tool: 'call_operation',
        arguments: { name, arguments: next },
      }));
      return callTool(tool, args, request, settings);
    },
  );
}

/**
 * `--tools discover`: three tools instead of one per operation, for clients with a small tool budget.
 * A model searches the operations, reads one's arguments, and calls it; the call takes the same path
 * as an operation's own tool (the same checks, writes refused unless allowed, the same result form).
 */
export function registerDiscoverTools(
  server: McpServer,
  tools: readonly CatalogueTool[],
  settings: CallSettings,
): Map<string, RegisteredTool> {
  const discover: Discover = {
    tools,
    settings,
    byName: new Map(tools.map((tool) => [tool.name, tool])),
    names: tools.map((tool) => tool.name),
    summary: (tool) => ({
      name: tool.name,
      title: tool.title,
      kind: tool.write ? 'write' : 'read',
      allowed: !tool.write || settings.allowsWrite(tool.name),
    }),
    local: (tool, started, value) => localAnswer(settings, tool, started, value),
  };
  const registered: Record<(typeof DISCOVER_TOOL_NAMES)[number], RegisteredTool> = {
    search_operations: registerSearch(server, discover),
    describe_operation: registerDescribe(server, discover),
    call_operation: registerCallOperation(server, discover),
  };
  return new Map(DISCOVER_TOOL_NAMES.map((name) => [name, registered[name]]));
}
