import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, ValidationError } from '../../src/index.js';
import { BASE_URL, fakeFetch, json } from '../fixtures/fake-fetch.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The globals a web page has, as openai-node tests for them. */
function simulatePage(): void {
  vi.stubGlobal('window', { document: {} });
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0' });
}

describe('a team API key in a web page', () => {
  it('is refused unless dangerouslyAllowBrowser is true, saying why', () => {
    simulatePage();
    let caught: unknown;
    try {
      createClient({ apiKey: 'sk-page-key', baseUrl: BASE_URL });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).field).toBe('dangerouslyAllowBrowser');
    expect((caught as ValidationError).message).toContain('readable by every visitor');
    expect((caught as ValidationError).message).not.toContain('sk-page-key');
  });

  it('is allowed with dangerouslyAllowBrowser: true', async () => {
    simulatePage();
    const fake = fakeFetch(() => json([]));
    await createClient({
      apiKey: 'sk-page-key',
      baseUrl: BASE_URL,
      fetch: fake.fetch,
      dangerouslyAllowBrowser: true,
    }).listProviders();
    expect(fake.sent).toHaveLength(1);
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
