import { describe, expect, it } from 'vitest';
import { connect, texts } from '../fixtures/in-memory.js';

describe('a call whose audit line cannot be written', () => {
  it('withholds the data it read, and says why', async () => {
    const connected = await connect({
      audit: () => {
        throw new Error('ENOSPC: no space left on device');
      },
    });
    try {
      const result = await connected.mcp.callTool({
        name: 'resolveUser',
        arguments: { client_user_id: 'gail' },
      });
      expect(result.isError).toBe(true);
      expect(texts(result)).toEqual([
        'The audit line of this call could not be written, so its result is withheld: svc-mcp failed (Error): ENOSPC: no space left on device',
      ]);
      expect(connected.requests).toEqual(['GET /v2/user/resolve/gail']);
    } finally {
      await connected.close();
    }
  });
});
