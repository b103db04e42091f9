import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connected, connect, texts } from '../fixtures/in-memory.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect();
});
afterAll(() => connected.close());

describe('a read tool', () => {
  it('returns the data the client returns for the same arguments', async () => {
    const { mcp, client } = connected;
    const user = await client.resolveUser({ client_user_id: 'alice' });
    const month = { user_id: user.user_id, start_date: '2025-12-01', end_date: '2025-12-31' };
    const cases: [string, Record<string, unknown>, () => Promise<unknown>][] = [
      ['resolveUser', { client_user_id: 'alice' }, () => client.resolveUser({ client_user_id: 'alice' })],
      ['getSleepSummary', month, () => client.getSleepSummary(month)],
      ['listProviders', {}, () => client.listProviders()],
      [
        'listMarkers',
        { lab_slug: 'quest', size: 3 },
        () => client.listMarkers({ lab_slug: 'quest', size: 3 }),
      ],
    ];
    for (const [name, args, direct] of cases) {
      const { data } = answer(await mcp.callTool({ name, arguments: args }));
      expect(data, name).toEqual(await direct());
    }
  });

  it('writes one audit line per call: operation, status, duration and request id, never arguments or data', async () => {
    const { mcp, audit } = connected;
    audit.length = 0;
    await mcp.callTool({ name: 'resolveUser', arguments: { client_user_id: 'bob' } });
    expect(audit).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        tool: 'resolveUser',
        operation: 'resolveUser',
        outcome: 'ok',
        status: 200,
        request_id: expect.stringMatching(/^req_/),
        ms: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('bob');
  });
});

describe('a failed call', () => {
  it('reads as a tool error with the service’s own words and the request id, no stack', async () => {
    const { mcp, audit } = connected;
    audit.length = 0;
    const result = await mcp.callTool({
      name: 'resolveUser',
      arguments: { client_user_id: 'unknown_carol' },
    });
    expect(result.isError).toBe(true);
    const [text] = texts(result);
    expect(text).toContain('NotFoundError');
    expect(text).toContain('user unknown_carol was not found in this sandbox world');
    expect(text).toMatch(/Request id: req_\w+/);
    expect(text).not.toMatch(/\n\s+at /);
    expect(audit).toMatchObject([
      { tool: 'resolveUser', outcome: 'error', status: 404, error: 'NotFoundError' },
    ]);
  });

  it('refuses arguments its schema refuses before anything is sent, and says so', async () => {
    const { mcp, audit, requests } = connected;
    audit.length = 0;
    const before = requests.length;
    const result = await mcp.callTool({ name: 'listMarkers', arguments: { size: 1000 } });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/Invalid arguments for listMarkers: .*size.*100.*Nothing was sent/);
    const unknown = await mcp.callTool({
      name: 'resolveUser',
      arguments: { client_user_id: 'a', surprise: 1 },
    });
    expect(texts(unknown)[0]).toMatch(/Invalid arguments for resolveUser/);
    expect(requests.length).toBe(before);
    expect(audit.map(({ outcome, reason }) => [outcome, reason])).toEqual([
      ['refused', 'invalid-arguments'],
      ['refused', 'invalid-arguments'],
    ]);
  });

  it('refuses a path value the client refuses (it would change the path), with the client’s words', async () => {
    const { mcp, requests } = connected;
    const before = requests.length;
    const result = await mcp.callTool({ name: 'getParsingJob', arguments: { job_id: '..' } });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/^ValidationError: Invalid job_id: .*Nothing was sent/);
    expect(requests.length).toBe(before);
  });
});
