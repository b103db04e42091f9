import { createClient } from '@svc/client';
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { createSandboxHandlers, handlers } from '../../src/msw.js';
import { walkLabFlow } from '../fixtures/walkthrough.js';

const BASE = 'https://api.sandbox.example.test';
const { sandbox, handlers: sandboxHandlers } = createSandboxHandlers({
  strict: true,
  baseUrl: BASE,
  apiKey: 'sk_test_msw',
});
const server = setupServer(...sandboxHandlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('@svc/sandbox/msw', () => {
  it('walks the lab flow through MSW with the global fetch', async () => {
    const client = createClient({ apiKey: 'sk_test_msw', baseUrl: BASE, maxRetries: 0 });
    await walkLabFlow(client, async (seconds) => sandbox.clock.advance({ seconds }));
    expect(sandbox.webhooks.events().map((e) => e.event_type)).toContain('lab_report.parsing_job.updated');
  });

  it('answers bad input through MSW as the sandbox does', async () => {
    const response = await fetch(`${BASE}/v2/user/resolve/%E0%A4%A`, { headers: { 'x-svc-api-key': 'k' } });
    expect(response.status).toBe(400);
  });

  it('builds handlers for a sandbox you already hold, answering under its url only', async () => {
    const own = createSandbox();
    const list = handlers(own);
    const headers = { 'x-svc-api-key': 'k' };
    const answered = await getResponse(list, new Request(`${own.url}/v2/user/resolve/alice`, { headers }));
    expect(answered?.status).toBe(200);
    expect(
      await getResponse(list, new Request('https://elsewhere.test/v2/user/resolve/alice', { headers })),
    ).toBeUndefined();
  });
});
