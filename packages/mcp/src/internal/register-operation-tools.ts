import type { McpServer, RegisteredTool, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { CallSettings } from './call/call-settings.js';
import { callTool } from './call/call-tool.js';
import type { CatalogueTool } from './catalogue.js';
import type { JsonSchema } from './spec/json-schema.js';
import { toolRequest } from './tool-request.js';

/**
 * The input schema as the SDK takes it: advertised in `tools/list` as it is, but every value passes the
 * SDK's own check, since `callTool` checks the arguments itself (and writes the audit line of a refusal).
 */
const advertised = (inputSchema: JsonSchema): StandardSchemaWithJSON<Record<string, unknown>> => ({
  '~standard': {
    version: 1,
    vendor: 'svc-mcp',
    jsonSchema: { input: () => inputSchema, output: () => inputSchema },
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
});

/**
 * One tool per operation (`--tools all`): its name, the spec's words, its arguments, its hints. A write
 * the operator did not allow is registered disabled: it is not listed, and a call to it is refused, as a
 * tool error with its audit line (`answer-tool-calls.ts`). Returns the registered tools by name.
 */
export function registerOperationTools(
  server: McpServer,
  tools: readonly CatalogueTool[],
  settings: CallSettings,
): Map<string, RegisteredTool> {
  const registeredTools = new Map<string, RegisteredTool>();
  for (const tool of tools) {
    const registered = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertised(tool.inputSchema),
        annotations: tool.annotations,
      },
      (args, ctx) =>
        callTool(
          tool,
          args ?? {},
          toolRequest(ctx, tool.name, (next) => ({ tool: tool.name, arguments: next })),
          settings,
        ),
    );
    if (tool.write && !settings.allowsWrite(tool.name)) registered.disable();
    registeredTools.set(tool.name, registered);
  }
  return registeredTools;
}
