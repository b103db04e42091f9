import type { ServerContext } from '@modelcontextprotocol/server';
import type { ToolRequest } from './call/call-settings.js';

/**
 * A tool call's request, from the SDK's context: its signal (aborted when the client cancels), and
 * progress reported only when the client asked for it (a `progressToken`), each value higher than the
 * last as the protocol requires. A notification that cannot be sent never fails the call.
 */
export function toolRequest(ctx: ServerContext, tool: string, callOf: ToolRequest['callOf']): ToolRequest {
  const token = ctx.mcpReq._meta?.progressToken;
  let last = 0;
  return {
    tool,
    signal: ctx.mcpReq.signal,
    callOf,
    progress: (progress, message) => {
      if (token === undefined || progress <= last) return;
      last = progress;
      ctx.mcpReq
        .notify({ method: 'notifications/progress', params: { progressToken: token, progress, message } })
        .catch(() => {});
    },
  };
}
