import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index.js';
import { validationErrorOf } from '../fixtures/failures.js';
import { BASE_URL, listProvidersRequests } from '../fixtures/fake-fetch.js';
import { PAGE_CLIENT, simulatePage } from '../fixtures/web-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a team API key in a web page', () => {
  it('is refused unless dangerouslyAllowBrowser is true, saying why', () => {
    simulatePage();
    const error = validationErrorOf(() =>
      createClient({ ...PAGE_CLIENT, dangerouslyAllowBrowser: undefined }),
    );
    expect(error.field).toBe('dangerouslyAllowBrowser');
    expect(error.message).toContain('readable by every visitor');
    expect(error.message).not.toContain(PAGE_CLIENT.apiKey);
  });

  it('is allowed with dangerouslyAllowBrowser: true', async () => {
    simulatePage();
    expect(await listProvidersRequests(PAGE_CLIENT)).toHaveLength(1);
  });

  it('is not refused where there is a window but no document (Deno 1.x) or no window (workers, servers)', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', { userAgent: 'Deno/1.46' });
    expect(() => createClient({ apiKey: 'sk-key', baseUrl: BASE_URL })).not.toThrow();
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(() => createClient({ apiKey: 'sk-key', baseUrl: BASE_URL })).not.toThrow();
  });
});
