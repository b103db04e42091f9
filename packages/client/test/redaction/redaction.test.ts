import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, type Logger, ValidationError } from '../../src/index.js';
import { redactValue } from '../../src/internal/redact.js';
import { failure } from '../fixtures/failures.js';
import { API_KEY, BASE_URL, fakeFetch, json, testClient } from '../fixtures/fake-fetch.js';
import { renderings } from './renderings.js';

const resolve = { client_user_id: 'u1' };

/** A server that echoes the request's secrets back in its error body and headers. */
const echo = () =>
  fakeFetch((sent) =>
    json(
      {
        detail: `bad key ${sent.headers.get('x-svc-api-key')} / token ${sent.headers.get('x-svc-link-token')}`,
        echo: {
          'x-svc-api-key': sent.headers.get('x-svc-api-key'),
          nested: [sent.headers.get('x-svc-api-key')],
        },
      },
      401,
      { 'x-echo': String(sent.headers.get('x-svc-api-key')) },
    ),
  );

describe('redaction of secrets', () => {
  it('sends the API key as x-svc-api-key', async () => {
    const fake = fakeFetch(() => json([]));
    await testClient(fake.fetch).listProviders();
    expect(fake.sent[0]?.headers.get('x-svc-api-key')).toBe(API_KEY);
  });

  it('keeps the API key out of message, stack, toJSON and inspect output, even when the service echoes it', async () => {
    const error = await failure(testClient(echo().fetch).resolveUser(resolve));
    expect(error).toBeInstanceOf(ApiError);
    for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
    expect(JSON.stringify((error as ApiError).body)).not.toContain(API_KEY);
    expect(inspect(error)).toContain('[redacted]');
  });

  it('keeps the link token out of every rendering of an error', async () => {
    const linkToken = 'lt_live_7f3a9c2e1b4d';
    const error = await failure(
      testClient(echo().fetch).completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': linkToken,
        body: { mfa_code: '123456' },
      }),
    );
    for (const text of renderings(error)) expect(text).not.toContain(linkToken);
  });

  it('keeps keys returned by an async apiKey function out of errors too', async () => {
    const rotated = 'sk-rotated-9d8c7b6a5f4e';
    const client = testClient(echo().fetch, { apiKey: async () => rotated });
    const error = await failure(client.resolveUser(resolve));
    for (const text of renderings(error)) expect(text).not.toContain(rotated);
  });

  it('calls the apiKey function once per call, so a rotated key applies from the next call', async () => {
    const keys = ['sk-first-000000', 'sk-second-11111'];
    let calls = 0;
    const fake = fakeFetch(() => json([]));
    const client = testClient(fake.fetch, { apiKey: () => keys[calls++] as string });
    await client.listProviders();
    await client.listProviders();
    expect(fake.sent.map((sent) => sent.headers.get('x-svc-api-key'))).toEqual(keys);
  });

  it('refuses an apiKey function that returns no key, with a ValidationError that sends nothing', async () => {
    const fake = fakeFetch(() => json([]));
    const error = await failure(testClient(fake.fetch, { apiKey: async () => '' }).listProviders());
    expect(error).toBeInstanceOf(ValidationError);
    expect(fake.sent).toHaveLength(0);
  });

  it('sends the API key only to the configured origin', async () => {
    const fake = fakeFetch(() => json([]));
    const client = testClient(fake.fetch, { headers: { 'x-svc-api-key': API_KEY } });
    await client.GET('/v2/providers', { baseUrl: 'https://elsewhere.example' });
    await client.GET('/v2/providers', { baseUrl: `${BASE_URL}.evil.example` });
    await client.GET('/v2/providers');
    expect(fake.sent.map((sent) => [new URL(sent.url).origin, sent.headers.get('x-svc-api-key')])).toEqual([
      ['https://elsewhere.example', null],
      [`${BASE_URL}.evil.example`, null],
      [BASE_URL, API_KEY],
    ]);
  });

  it('redacts a secret that shows up in a connection failure', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError(`proxy refused key ${API_KEY}`);
    });
    const error = await failure(testClient(fake.fetch, { maxRetries: 0 }).listProviders());
    for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
  });

  it('never stores request headers on an error', async () => {
    const error = (await failure(testClient(echo().fetch).resolveUser(resolve))) as ApiError;
    expect(Object.keys(error)).not.toContain('request');
    expect(error.headers.get('x-svc-api-key')).toBeNull();
  });

  it('logs method, URL, status, attempt and duration through an injected logger, with secrets redacted', async () => {
    const lines: { message: string; meta: Record<string, unknown> }[] = [];
    const ignore = () => {};
    const logger: Logger = {
      debug: (message, meta) => lines.push({ message, meta }),
      info: ignore,
      warn: ignore,
      error: ignore,
    };
    const fake = fakeFetch((_sent, index) =>
      index === 0
        ? json({}, 503, { 'retry-after': '0' })
        : json({ echoed: API_KEY }, 200, { 'x-request-id': 'r1' }),
    );
    await testClient(fake.fetch, { logger, logLevel: 'debug' }).resolveUser({ client_user_id: API_KEY });
    expect(lines).toHaveLength(2);
    expect(lines[0]?.meta).toMatchObject({ method: 'GET', status: 503, attempt: 1, retryInMs: 0 });
    expect(lines[1]?.meta).toMatchObject({ status: 200, attempt: 2, requestId: 'r1' });
    expect(typeof lines[1]?.meta.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
    expect(String(lines[1]?.meta.url)).toContain('[redacted]');
  });

  it('masks secret header names wherever a value is redacted', () => {
    const headers = new Headers({ 'X-Svc-Api-Key': 'anything', Authorization: 'Bearer x', accept: 'json' });
    expect(redactValue(headers)).toEqual({
      accept: 'json',
      authorization: '[redacted]',
      'x-svc-api-key': '[redacted]',
    });
  });
});
