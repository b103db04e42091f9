import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
// One import of the entry point, as in errors.test.ts: the classes are read from it.
import * as svc from '../../src/index.js';
import { failure } from '../fixtures/failures.js';
import { API_KEY, fakeFetch, json, never, type Sent, testClient } from '../fixtures/fake-fetch.js';
import { reachableStrings } from './reachable-strings.js';
import { renderings } from './renderings.js';

const LINK_TOKEN = 'lt_live_5e8d2c1f9a7b';
const resolve = { client_user_id: 'u1' };

/** Every secret a request carried, quoted in the service's message, body and response headers. */
const echoed = (sent: Sent, status: number, extra: Record<string, string> = {}): Response => {
  const secrets = [sent.headers.get('x-svc-api-key'), sent.headers.get('x-svc-link-token')].join(' ');
  return json({ detail: `bad credentials ${secrets}`, echo: { secrets, nested: [secrets] } }, status, {
    'x-echo': secrets,
    'x-request-id': `req ${secrets}`,
    'set-cookie': `session=${secrets}`,
    ...extra,
  });
};

/** Every string an error shows or holds: its renderings, raw inspect output, and every reachable datum. */
const everythingOf = (error: unknown): string[] => [
  ...renderings(error as svc.SvcError),
  inspect(error, { showHidden: true, depth: Infinity, customInspect: false, getters: true }),
  ...reachableStrings(error),
];

const expectNone = (texts: string[], secrets: string[]) => {
  for (const secret of secrets) expect(texts.filter((text) => text.includes(secret))).toEqual([]);
};

describe('issue 21: every key a client has sent stays masked for its life', () => {
  it('masks a key the apiKey function returned earlier, echoed after the key rotated out', async () => {
    const keys = ['sk-rotated-out-7c4e1a9b', 'sk-rotated-in-3f8d2b6e'];
    let calls = 0;
    let firstKey: string | null = null;
    const fake = fakeFetch((sent, index) => {
      if (index === 0) {
        firstKey = sent.headers.get('x-svc-api-key');
        return json([]);
      }
      // The service quotes the key it saw before: body, message and headers.
      return json({ detail: `key ${firstKey} was revoked`, previous: firstKey }, 401, {
        'x-previous-key': String(firstKey),
      });
    });
    const client = testClient(fake.fetch, { apiKey: async () => keys[Math.min(calls++, 1)] as string });
    await client.listProviders();
    const error = await failure(client.resolveUser(resolve));
    expect(error).toBeInstanceOf(svc.AuthenticationError);
    expect(firstKey).toBe(keys[0]);
    expect((error as svc.ApiError).message).toContain('[redacted]');
    expectNone(everythingOf(error), keys);
  });

  it('masks a rotated-out key in log lines of later calls', async () => {
    const keys = ['sk-logged-out-5a1c9e3d', 'sk-logged-in-8b2f4d7a'];
    let calls = 0;
    const lines: unknown[] = [];
    const logger: svc.Logger = {
      debug: (...args) => lines.push(args),
      info: (...args) => lines.push(args),
      warn: (...args) => lines.push(args),
      error: (...args) => lines.push(args),
    };
    const fake = fakeFetch((_sent, index) => {
      if (index === 0) return json([]);
      // A proxy that quotes the key it refused, in the failure the log line describes.
      throw new TypeError('fetch failed', { cause: new Error(`proxy refused key ${keys[0]}`) });
    });
    const client = testClient(fake.fetch, {
      apiKey: async () => keys[Math.min(calls++, 1)] as string,
      logger,
      logLevel: 'debug',
      maxRetries: 0,
    });
    await client.listProviders();
    await failure(client.listProviders());
    expect(lines.length).toBeGreaterThan(1);
    expectNone([...reachableStrings(lines), inspect(lines, { depth: Infinity })], keys);
  });
});

describe('issue 21: no object reachable from an error holds a secret as data', () => {
  const secrets = [API_KEY, LINK_TOKEN];
  const mfa = { provider: 'whoop' as const, 'x-svc-link-token': LINK_TOKEN, body: { mfa_code: '1' } };

  it.each([
    [400, svc.BadRequestError],
    [401, svc.AuthenticationError],
    [403, svc.PermissionDeniedError],
    [404, svc.NotFoundError],
    [409, svc.ConflictError],
    [422, svc.UnprocessableEntityError],
    [429, svc.RateLimitError],
    [500, svc.InternalServerError],
    [418, svc.ApiError],
  ])('an API error for %i that echoes the key and link token', async (status, Class) => {
    const fake = fakeFetch((sent) => echoed(sent, status, { 'retry-after': '120' }));
    const error = await failure(testClient(fake.fetch, { maxRetries: 0 }).completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(Class);
    expect((error as svc.ApiError).headers.get('x-echo')).toContain('[redacted]');
    expectNone(everythingOf(error), secrets);
  });

  it('an API error of the typed path client, through middleware', async () => {
    const fake = fakeFetch((sent) => echoed(sent, 400));
    const client = testClient(fake.fetch, { maxRetries: 0 });
    client.use({ onRequest: ({ request }) => request });
    const error = await failure(client.completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(svc.BadRequestError);
    expectNone(everythingOf(error), secrets);
  });

  it('a redirect the client refused to follow, its Location quoting the key', async () => {
    const fake = fakeFetch(
      (sent) =>
        new Response(null, {
          status: 307,
          headers: { location: `https://elsewhere.example/?k=${sent.headers.get('x-svc-api-key')}` },
        }),
    );
    const error = await failure(testClient(fake.fetch).completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(svc.ApiError);
    expectNone(everythingOf(error), secrets);
  });

  it('a ResponseParseError whose parse error quotes a body echoing the key', async () => {
    const fake = fakeFetch(
      (sent) =>
        new Response(`key ${sent.headers.get('x-svc-api-key')} ${sent.headers.get('x-svc-link-token')}`, {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-echo': String(sent.headers.get('x-svc-api-key')),
          },
        }),
    );
    const client = testClient(fake.fetch);
    client.use({ onRequest: ({ request }) => request });
    const error = await failure(client.completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(svc.ResponseParseError);
    expectNone(everythingOf(error), secrets);
  });

  it('a ConnectionError whose cause quotes what was sent', async () => {
    const fake = fakeFetch((sent) => {
      const quoted = `${sent.headers.get('x-svc-api-key')} ${sent.headers.get('x-svc-link-token')}`;
      throw new TypeError('fetch failed', { cause: new Error(`proxy refused headers ${quoted}`) });
    });
    const error = await failure(testClient(fake.fetch, { maxRetries: 0 }).completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(svc.ConnectionError);
    expectNone(everythingOf(error), secrets);
  });

  it('a TimeoutError, an AbortError and a ValidationError of a call carrying secrets', async () => {
    const client = testClient(fakeFetch(never).fetch, { maxRetries: 0 });
    const timeout = await failure(client.completePasswordProviderMfa(mfa, { timeoutMs: 5 }));
    const controller = new AbortController();
    const aborted = client.completePasswordProviderMfa(mfa, { signal: controller.signal });
    controller.abort(new Error(`stop ${API_KEY}`));
    const abort = await failure(aborted);
    const invalid = await failure(
      client.completePasswordProviderMfa({ ...mfa, body: { mfa_code: 1 as never } }),
    );
    expect(timeout).toBeInstanceOf(svc.TimeoutError);
    expect(abort).toBeInstanceOf(svc.AbortError);
    expect(invalid).toBeInstanceOf(svc.ValidationError);
    for (const error of [timeout, abort, invalid]) expectNone(everythingOf(error), secrets);
  });

  it('a SvcError wrapping what a middleware threw, quoting the key', async () => {
    const client = testClient(fakeFetch(() => json({})).fetch);
    client.use({
      onResponse: ({ request }) => {
        throw new Error(`middleware saw ${request.headers.get('x-svc-api-key')}`);
      },
    });
    const error = await failure(client.completePasswordProviderMfa(mfa));
    expect(error).toBeInstanceOf(svc.SvcError);
    expectNone(everythingOf(error), secrets);
  });

  it('a client holds its key only in closures', async () => {
    const client = testClient(fakeFetch((sent) => echoed(sent, 400)).fetch, { maxRetries: 0 });
    await failure(client.completePasswordProviderMfa(mfa));
    expectNone(reachableStrings(client), secrets);
  });
});
