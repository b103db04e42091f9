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

  it('issue 21: refuses a plain-http baseUrl to another host, naming allowInsecureHttp and not quoting it', () => {
    for (const baseUrl of [
      'http://api.svc.example',
      'http://API.partner-gateway.example:8080/svc',
      'http://10.0.0.7',
      'http://192.168.1.20:4010',
      'http://[2001:db8::1]',
      'http://[::ffff:10.0.0.1]',
      'http://localhost.evil.example',
      'http://128.0.0.1',
      'http://0.0.0.0:4010',
    ]) {
      const error = validationErrorOf(() => createClient({ apiKey: 'sk-test-http', baseUrl }));
      expect(error.field, baseUrl).toBe('baseUrl');
      expect(error.message).toContain('allowInsecureHttp: true');
      expect(error.message).not.toMatch(/example|10\.0|192\.168|2001|128\.0|0\.0\.0\.0/);
    }
  });

  it('issue 21: sends over plain http to loopback and localhost, and elsewhere only with allowInsecureHttp', async () => {
    for (const baseUrl of [
      'http://127.0.0.1:4010',
      'http://127.8.9.10',
      'http://2130706433',
      'http://localhost:4010',
      'http://LOCALHOST',
      'http://sandbox.localhost',
      'http://[::1]:4010',
      'http://[::ffff:127.0.0.1]',
    ])
      expect(await originOf({ baseUrl }), baseUrl).toMatch(/^http:\/\//);
    expect(await originOf({ baseUrl: 'http://gw.internal.example', allowInsecureHttp: true })).toBe(
      'http://gw.internal.example',
    );
    expect(await originOf({ baseUrl: 'https://gw.internal.example' })).toBe('https://gw.internal.example');
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
