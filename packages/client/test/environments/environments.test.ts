import { describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, ENVIRONMENTS } from '../../src/index.js';
import { validationErrorOf } from '../fixtures/failures.js';
import { listProvidersRequests } from '../fixtures/fake-fetch.js';

async function originOf(options: Partial<ClientOptions>): Promise<string> {
  const [sent] = await listProvidersRequests({ apiKey: 'sk-test-env', ...options });
  return new URL(sent?.url ?? '').origin;
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
    const [sent] = await listProvidersRequests({ apiKey: 'k', baseUrl: 'https://gw.example/svc/' });
    expect(sent?.url).toBe('https://gw.example/svc/v2/providers');
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
    expect(validationErrorOf(() => createClient(options as ClientOptions)).field).toBe(field);
  });
});
