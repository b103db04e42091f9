import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERSION } from '../../src/generated/version.js';
import { fakeFetch, json, listProvidersRequests, testClient } from '../fixtures/fake-fetch.js';
import { PAGE_CLIENT, simulatePage } from '../fixtures/web-page.js';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SDK headers', () => {
  it('carries the version of package.json (regenerate with `pnpm generate` after a version bump)', () => {
    expect(VERSION).toBe(packageVersion);
  });

  it('names the SDK and its version in x-svc-sdk and User-Agent on every named-method attempt', async () => {
    const fake = fakeFetch((_sent, index) =>
      index === 0 ? json({}, 503, { 'retry-after': '0' }) : json([]),
    );
    await testClient(fake.fetch).listProviders();
    expect(fake.sent).toHaveLength(2);
    for (const sent of fake.sent) {
      expect(sent.headers.get('x-svc-sdk')).toBe(`typescript/${packageVersion}`);
      expect(sent.headers.get('user-agent')).toBe(`svc-sdk-typescript/${packageVersion}`);
    }
  });

  it('sends them from the typed path client too', async () => {
    const fake = fakeFetch(() => json([]));
    await testClient(fake.fetch).GET('/v2/providers');
    expect(fake.sent[0]?.headers.get('x-svc-sdk')).toBe(`typescript/${packageVersion}`);
    expect(fake.sent[0]?.headers.get('user-agent')).toBe(`svc-sdk-typescript/${packageVersion}`);
  });

  it('lets the caller override them with the headers option', async () => {
    const fake = fakeFetch(() => json([]));
    await testClient(fake.fetch, { headers: { 'User-Agent': 'my-app/2.0' } }).listProviders();
    expect(fake.sent[0]?.headers.get('user-agent')).toBe('my-app/2.0');
    expect(fake.sent[0]?.headers.get('x-svc-sdk')).toBe(`typescript/${packageVersion}`);
  });

  it('leaves User-Agent to the browser in a web page, keeping x-svc-sdk', async () => {
    simulatePage();
    const [sent] = await listProvidersRequests(PAGE_CLIENT);
    expect(sent?.headers.get('x-svc-sdk')).toBe(`typescript/${packageVersion}`);
    expect(sent?.headers.get('user-agent')).toBeNull();
  });
});
