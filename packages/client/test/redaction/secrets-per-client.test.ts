import { describe, expect, it } from 'vitest';
import { type ApiError, createClient, SvcError, ValidationError } from '../../src/index.js';
import { failure } from '../fixtures/failures.js';
import { API_KEY, BASE_URL, fakeFetch, json, testClient } from '../fixtures/fake-fetch.js';
import { renderings } from './renderings.js';

/** A server that echoes every secret it was sent, in its error detail and body. */
const echo = () =>
  fakeFetch((sent) => {
    const key = sent.headers.get('x-svc-api-key');
    const token = sent.headers.get('x-svc-link-token');
    return json({ detail: `bad key ${key} / token ${token}`, echo: { key, token } }, 401);
  });

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { level, inner: [value] };
  return value;
};

describe('secrets are redacted by the client that owns them', () => {
  it('issue 11: keeps a live client key redacted after 1000 other clients and link tokens', async () => {
    const owner = testClient(echo().fetch);
    const early = await failure(owner.resolveUser({ client_user_id: 'u1' }));
    // Shorter than the owner's key: a global list dropping its longest entry would drop the owner's first.
    for (let index = 0; index < 1000; index++) {
      const other = testClient(echo().fetch, { apiKey: `sk-${index}`, maxRetries: 0 });
      await failure(
        other.completePasswordProviderMfa({
          provider: 'whoop',
          'x-svc-link-token': `lt-${index}`,
          body: { mfa_code: '1' },
        }),
      );
    }
    const late = await failure(owner.resolveUser({ client_user_id: 'u1' }));
    for (const error of [early, late])
      for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
  }, 60_000);

  it('issue 11: redacts an error a helper builds (a quoted cursor) with every live client key', () => {
    const owner = testClient(echo().fetch);
    for (let index = 0; index < 1000; index++) testClient(echo().fetch, { apiKey: `sk-${index}` });
    class CursorError extends SvcError {
      readonly cursor = API_KEY;
    }
    const error = new CursorError(`the service returned cursor "${API_KEY}" twice`);
    for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
    expect(owner).toBeDefined();
  });

  it('issue 11: redacts an error detail before cutting it, so no tail of a key is left', async () => {
    const fake = fakeFetch((sent) =>
      json({ detail: `${'.'.repeat(190)}${sent.headers.get('x-svc-api-key')}` }, 400),
    );
    const error = await failure(testClient(fake.fetch).listProviders());
    for (const text of renderings(error)) expect(text).not.toContain(API_KEY.slice(0, 8));
  });

  it('issue 11: refuses an apiKey with control characters without quoting it', () => {
    for (const apiKey of [
      'sk-live\r\nx-evil: 1',
      'sk-live\n',
      'sk\u0000live',
      'sk-live\u007f',
      ' sk-live ',
    ]) {
      let thrown: unknown;
      try {
        createClient({ apiKey, baseUrl: BASE_URL });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ValidationError);
      expect((thrown as ValidationError).field).toBe('apiKey');
      expect((thrown as ValidationError).message).not.toContain('sk');
    }
  });

  it('refuses the same keys from an apiKey function, before sending and without quoting them', async () => {
    for (const key of ['sk-live\r\nx-evil: 1', 'sk\u0000live', ' sk-live ']) {
      const fake = fakeFetch(() => json([]));
      const error = await failure(testClient(fake.fetch, { apiKey: async () => key }).listProviders());
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('apiKey');
      expect((error as ValidationError).message).not.toContain('sk');
      expect(fake.sent).toHaveLength(0);
    }
  });

  it('issue 11: refuses a baseUrl with credentials, a query or a fragment without quoting it', () => {
    for (const baseUrl of [
      'https://user:hunter2-pass@api.test.example',
      'https://token-only@api.test.example',
      'https://api.test.example/v?secret=hunter2',
      'https://api.test.example/?',
      'https://api.test.example/#hunter2',
    ]) {
      let thrown: unknown;
      try {
        createClient({ apiKey: API_KEY, baseUrl });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ValidationError);
      expect((thrown as ValidationError).field).toBe('baseUrl');
      expect((thrown as ValidationError).message).not.toMatch(/hunter2|token-only|api\.test/);
    }
  });

  it('issue 11: registers a link token given through headers under any letter case', async () => {
    const token = 'lt_live_MixedCase_4c2f9a';
    const perCall = await failure(
      testClient(echo().fetch).completePasswordProviderMfa(
        { provider: 'whoop', body: { mfa_code: '1' } },
        { headers: { 'X-Svc-Link-Token': token } },
      ),
    );
    const clientWide = await failure(
      testClient(echo().fetch, { headers: { 'X-SVC-LINK-TOKEN': token } }).listProviders(),
    );
    const flat = await failure(
      testClient(echo().fetch).completePasswordProviderMfa({
        provider: 'whoop',
        body: { mfa_code: '1' },
        ...{ 'X-Svc-Link-Token': token },
      } as never),
    );
    // Headers given as a Headers, or (from JavaScript) as `[name, value]` pairs, which both ways of
    // sending take: registered as a record is.
    const pairs = await failure(
      testClient(echo().fetch).completePasswordProviderMfa(
        { provider: 'whoop', body: { mfa_code: '1' } },
        { headers: [['X-Svc-Link-Token', token]] as never },
      ),
    );
    const headersObject = await failure(
      testClient(echo().fetch).completePasswordProviderMfa(
        { provider: 'whoop', body: { mfa_code: '1' } },
        { headers: new Headers({ 'x-svc-link-token': token }) },
      ),
    );
    for (const error of [perCall, clientWide, flat, pairs, headersObject]) {
      expect(JSON.stringify(error)).toContain('[redacted]');
      for (const text of renderings(error)) expect(text).not.toContain(token);
    }
  });

  it('issue 11: masks an echoed secret however deeply the body nests it', async () => {
    for (const depth of [7, 9, 40, 200, 2000]) {
      const fake = fakeFetch((sent) =>
        json(nested(depth, { echoed: sent.headers.get('x-svc-api-key') }), 500),
      );
      const error = (await failure(testClient(fake.fetch, { maxRetries: 0 }).listProviders())) as ApiError;
      expect(JSON.stringify(error.body)).not.toContain(API_KEY);
      for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
    }
  });
});
