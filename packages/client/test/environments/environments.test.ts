import { describe, expect, it } from 'vitest';
import { createClient, ENVIRONMENTS, ValidationError } from '../../src/index.js';
import { fakeFetch, json } from '../fixtures/fake-fetch.js';

async function originOf(options: Record<string, unknown>): Promise<string> {
  const fake = fakeFetch(() => json([]));
  await createClient({ apiKey: 'sk-test-env', fetch: fake.fetch, ...options } as never).listProviders();
  return new URL(fake.sent[0]?.url ?? '').origin;
}

describe('base URL selection', () => {
  it('maps environment and region to a base URL from the one table, production by default', async () => {
    expect(await originOf({ region: 'eu' })).toBe(ENVIRONMENTS.production.eu);
    expect(await originOf({ region: 'us', environment: 'sandbox' })).toBe(ENVIRONMENTS.sandbox.us);
  });

  it('lets an explicit baseUrl win over environment and region', async () => {
    expect(await originOf({ baseUrl: 'http://127.0.0.1:4010', region: 'eu', environment: 'sandbox' })).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('keeps a path prefix of the base URL', async () => {
    const fake = fakeFetch(() => json([]));
    await createClient({
      apiKey: 'k',
      baseUrl: 'https://gw.example/svc/',
      fetch: fake.fetch,
    }).listProviders();
    expect(fake.sent[0]?.url).toBe('https://gw.example/svc/v2/providers');
  });

  it.each([
    ['no region and no baseUrl', { apiKey: 'k' }, 'region'],
    ['an unknown region', { apiKey: 'k', region: 'apac' }, 'region'],
    ['an unknown environment', { apiKey: 'k', region: 'eu', environment: 'staging' }, 'environment'],
    ['a relative baseUrl', { apiKey: 'k', baseUrl: '/api' }, 'baseUrl'],
    ['a non-http baseUrl', { apiKey: 'k', baseUrl: 'ftp://api.example' }, 'baseUrl'],
    ['an empty apiKey', { apiKey: '', region: 'eu' }, 'apiKey'],
    ['a negative maxRetries', { apiKey: 'k', region: 'eu', maxRetries: -1 }, 'maxRetries'],
    ['a zero timeoutMs', { apiKey: 'k', region: 'eu', timeoutMs: 0 }, 'timeoutMs'],
  ])('refuses %s with a ValidationError naming the option', (_name, options, field) => {
    let error: unknown;
    try {
      createClient(options as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
  });
});
