// A tools/call's params reach the server as sent (the SDK's check is bypassed so refusals are audited):
// progress is reported only for a token the protocol allows, a string or a number.
import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { toolRequest } from '../../src/internal/tool-request.js';

const contextWith = (meta: unknown) => {
  const notify = vi.fn(() => Promise.resolve());
  const ctx = { mcpReq: { _meta: meta, signal: new AbortController().signal, notify } };
  return { ctx: ctx as unknown as ServerContext, notify };
};

describe('progress of a tool call', () => {
  it('is reported for a string or number token, and not for a token of another kind', () => {
    for (const progressToken of ['t1', 7]) {
      const { ctx, notify } = contextWith({ progressToken });
      toolRequest(ctx, 'getParsingJob', (args) => ({ tool: 'getParsingJob', arguments: args })).progress(
        1,
        'x',
      );
      expect(notify).toHaveBeenCalledWith({
        method: 'notifications/progress',
        params: { progressToken, progress: 1, message: 'x' },
      });
    }
    for (const meta of [{ progressToken: { id: 1 } }, { progressToken: null }, 'not an object', null]) {
      const { ctx, notify } = contextWith(meta);
      toolRequest(ctx, 'getParsingJob', (args) => ({ tool: 'getParsingJob', arguments: args })).progress(
        1,
        'x',
      );
      expect(notify).not.toHaveBeenCalled();
    }
  });
});
