import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, ENVIRONMENTS } from '../../src/index.js';
import { validationErrorOf } from '../fixtures/failures.js';
import { listProvidersRequests } from '../fixtures/fake-fetch.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('environment variables', () => {
  it('reads the API key from SVC_API_KEY and the base URL from SVC_BASE_URL', async () => {
    vi.stubEnv('SVC_API_KEY', 'sk-from-env');
    vi.stubEnv('SVC_BASE_URL', 'https://env.example');
    const [sent] = await listProvidersRequests({});
    expect(sent?.url).toBe('https://env.example/v2/providers');
    expect(sent?.headers.get('x-svc-api-key')).toBe('sk-from-env');
  });

  it('lets explicit options win over the environment', async () => {
    vi.stubEnv('SVC_API_KEY', 'sk-from-env');
    vi.stubEnv('SVC_BASE_URL', 'https://env.example');
    const [sent] = await listProvidersRequests({
      apiKey: 'sk-explicit',
      baseUrl: 'https://explicit.example',
    });
    expect(sent?.url).toBe('https://explicit.example/v2/providers');
    expect(sent?.headers.get('x-svc-api-key')).toBe('sk-explicit');
  });

  it('lets an explicit environment and region win over SVC_BASE_URL', async () => {
    vi.stubEnv('SVC_BASE_URL', 'https://env.example');
    const [sent] = await listProvidersRequests({ apiKey: 'sk-explicit', region: 'eu' });
    expect(new URL(sent?.url ?? '').origin).toBe(ENVIRONMENTS.production.eu);
  });

  it('says how to set a missing API key, naming the option and SVC_API_KEY', () => {
    vi.stubEnv('SVC_API_KEY', undefined);
    const error = validationErrorOf(() => createClient({ baseUrl: 'https://api.example' }));
    expect(error.field).toBe('apiKey');
    expect(error.message).toContain('createClient({ apiKey })');
    expect(error.message).toContain('SVC_API_KEY');
  });

  it('treats an empty SVC_API_KEY as unset', () => {
    vi.stubEnv('SVC_API_KEY', '  ');
    expect(validationErrorOf(() => createClient({ baseUrl: 'https://api.example' })).message).toContain(
      'SVC_API_KEY',
    );
  });

  it('asks for a region or SVC_BASE_URL when neither the options nor the environment name one', () => {
    vi.stubEnv('SVC_BASE_URL', undefined);
    const error = validationErrorOf(() => createClient({ apiKey: 'sk-explicit' }));
    expect(error.field).toBe('region');
    expect(error.message).toContain('SVC_BASE_URL');
  });

  it('still refuses an unusable SVC_BASE_URL, without quoting it', () => {
    vi.stubEnv('SVC_BASE_URL', 'https://user:secret-pass@env.example');
    const error = validationErrorOf(() => createClient({ apiKey: 'sk-explicit' }));
    expect(error.field).toBe('baseUrl');
    expect(error.message).not.toContain('secret-pass');
  });

  it('issue 21: refuses a plain-http SVC_BASE_URL to another host', () => {
    vi.stubEnv('SVC_BASE_URL', 'http://env.example');
    const error = validationErrorOf(() => createClient({ apiKey: 'sk-explicit' }));
    expect(error.field).toBe('baseUrl');
    expect(error.message).toContain('allowInsecureHttp');
  });

  it('works where reading the environment throws (Deno without --allow-env)', async () => {
    const env = new Proxy(
      {},
      {
        get() {
          throw new Error('Requires env access');
        },
      },
    );
    vi.stubGlobal('process', { ...process, env });
    try {
      const sent = await listProvidersRequests({ apiKey: 'sk-explicit', baseUrl: 'https://api.example' });
      expect(sent).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
