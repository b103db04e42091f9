import { describe, expect, it } from 'vitest';
import { provideMock } from '../../src/index.js';

describe('provideMock, the body of a vitest globalSetup', () => {
  it('provides the URL of a strict mock as mockUrl and stops it with the returned teardown', async () => {
    const provided = new Map<string, string>();
    const teardown = await provideMock({ provide: (key, value) => provided.set(key, value) });
    const url = provided.get('mockUrl');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/v2/providers`, { headers: { 'x-svc-api-key': 'k' } });
    expect(response.status).toBe(200);
    await teardown();
    await expect(fetch(`${url}/v2/providers`)).rejects.toThrow();
  });
});
