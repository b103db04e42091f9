import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type Logger, type LogLevel, ValidationError } from '../../src/index.js';
import { API_KEY, fakeFetch, json, type Sent, testClient } from '../fixtures/fake-fetch.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

type Line = { level: keyof Logger; message: string; meta: Record<string, unknown> };

function recorder(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at =
    (level: keyof Logger) =>
    (message: string, meta: Record<string, unknown>): void => {
      lines.push({ level, message, meta });
    };
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

/** One call that retries a 503, a 429 that exhausts its retries, and one that exhausts them on 503s. */
async function scenario(options: { logLevel?: LogLevel } = {}): Promise<Line[]> {
  const { logger, lines } = recorder();
  const answer = (status: number) => (_sent: Sent, index: number) =>
    index === 0 ? json({}, 503, { 'retry-after': '0' }) : json([], status, { 'retry-after': '0' });
  const swallow = () => undefined;
  await testClient(fakeFetch(answer(200)).fetch, { logger, ...options }).listProviders();
  await testClient(fakeFetch(answer(429)).fetch, { logger, ...options })
    .listProviders()
    .catch(swallow);
  await testClient(fakeFetch(answer(503)).fetch, { logger, ...options })
    .listProviders()
    .catch(swallow);
  return lines;
}

const levels = (lines: Line[]) => new Set(lines.map((line) => line.level));

describe('log levels', () => {
  it("logs at 'warn' and 'error' only by default: calls that gave up after retrying", async () => {
    vi.stubEnv('SVC_LOG', undefined);
    const lines = await scenario();
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', expect.stringContaining('gave up after 3 attempts; the last answered 429')],
      ['error', expect.stringContaining('gave up after 3 attempts; the last answered 503')],
    ]);
  });

  it("adds every retry and its wait at 'info'", async () => {
    const lines = await scenario({ logLevel: 'info' });
    expect(levels(lines)).toEqual(new Set(['info', 'warn', 'error']));
    const retries = lines.filter((line) => line.level === 'info');
    expect(retries).toHaveLength(5);
    expect(retries[0]?.message).toContain('attempt 1 answered 503; retrying in 0 ms');
  });

  it("adds every attempt at 'debug', with method, status, attempt and duration", async () => {
    const lines = await scenario({ logLevel: 'debug' });
    const attempts = lines.filter((line) => line.level === 'debug');
    expect(attempts).toHaveLength(8);
    expect(attempts[1]?.meta).toMatchObject({ method: 'GET', status: 200, attempt: 2 });
  });

  it("keeps only the give-ups after 5xx and failed connections at 'error', and nothing at 'off'", async () => {
    expect((await scenario({ logLevel: 'error' })).map((line) => line.level)).toEqual(['error']);
    expect(await scenario({ logLevel: 'off' })).toEqual([]);
  });

  it('takes the level from SVC_LOG, any letter case, and lets the option win', async () => {
    vi.stubEnv('SVC_LOG', 'DEBUG');
    expect(levels(await scenario())).toEqual(new Set(['debug', 'info', 'warn', 'error']));
    expect(await scenario({ logLevel: 'off' })).toEqual([]);
  });

  it('refuses an unknown logLevel option', () => {
    expect(() => testClient(fakeFetch(() => json([])).fetch, { logLevel: 'loud' as LogLevel })).toThrow(
      ValidationError,
    );
    expect(() => testClient(fakeFetch(() => json([])).fetch, { logLevel: 'loud' as LogLevel })).toThrow(
      /Invalid logLevel: must be one of/,
    );
  });

  it('warns about an unknown SVC_LOG and logs at warn instead of failing the program', async () => {
    vi.stubEnv('SVC_LOG', 'verbose');
    const { logger, lines } = recorder();
    testClient(fakeFetch(() => json([])).fetch, { logger });
    expect(lines).toEqual([
      { level: 'warn', message: expect.stringContaining('SVC_LOG must be one of'), meta: {} },
    ]);
    lines.length = 0;
    const fake = fakeFetch(() => json({}, 429, { 'retry-after': '0' }));
    await testClient(fake.fetch, { logger })
      .listProviders()
      .catch(() => undefined);
    // The client created with the bad SVC_LOG says so again, then logs at 'warn': the give-up, no retries.
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', expect.stringContaining('SVC_LOG must be one of')],
      ['warn', expect.stringContaining('gave up after 3 attempts')],
    ]);
  });

  it('writes to console by default, redacted', async () => {
    vi.stubEnv('SVC_LOG', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = fakeFetch(() => json({}, 429, { 'retry-after': '0' }));
    await createClient({ apiKey: API_KEY, baseUrl: 'https://api.test.example', fetch: fake.fetch })
      .resolveUser({ client_user_id: API_KEY })
      .catch(() => undefined);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(API_KEY);
    expect(String(warn.mock.calls[0]?.[0])).toContain('[redacted]');
  });

  it('does not log a give-up for a call the caller aborted', async () => {
    const { logger, lines } = recorder();
    const controller = new AbortController();
    const fake = fakeFetch(() => {
      controller.abort();
      return json({}, 503, { 'retry-after': '0' });
    });
    await testClient(fake.fetch, { logger })
      .listProviders(undefined, { signal: controller.signal })
      .catch(() => undefined);
    expect(lines.filter((line) => line.level !== 'debug' && line.level !== 'info')).toEqual([]);
  });
});
