import type { ServerContext } from '@modelcontextprotocol/server';
import type { ToolRequest } from './call/call-settings.js';

/**
 * A tool call's request, from the SDK's context: its signal (aborted when the client cancels), and
 * progress reported only when the client asked for it (a `progressToken`), each value higher than the
 * last as the protocol requires. A notification that cannot be sent never fails the call.
 */
export function toolRequest(ctx: ServerContext, tool: string, callOf: ToolRequest['callOf']): ToolRequest {
  // The call's params reach us as sent (answer-tool-calls.ts): a token that is not one is no request for progress.
  const sent: unknown = ctx.mcpReq._meta?.progressToken;
  const token = typeof sent === 'string' || typeof sent === 'number' ? sent : undefined;
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
