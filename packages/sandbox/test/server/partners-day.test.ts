import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { scratchFile } from '@svc/tools/readme-snippets';
import { afterEach, describe, expect, it } from 'vitest';
import { startBin, stopBin } from '../fixtures/bin.js';

const started: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map(stopBin));
});

const KEY = { 'x-svc-api-key': 'sk_test_bin' };
const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: KEY });

/** Waits until the bin's stdout has a line matching `pattern` (the log line is written after the answer). */
async function lineOf(stdout: () => string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const line = stdout()
      .split('\n')
      .find((l) => pattern.test(l));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no line matching ${pattern} in:\n${stdout()}`);
}

describe('issue 22: svc-sandbox on the partner’s day', () => {
  it('serves a world whose now is the wall clock by default, and says its clock is real', async () => {
    const before = Date.now();
    const { url, stdout } = await startBin([], started);
    expect(stdout()).toMatch(/^Clock: real time/m);
    const answer = await get(url, '/_sandbox/clock');
    const after = Date.now();
    expect(answer.headers.get('svc-sandbox-clock')).toBe('real');
    const { now, mode } = (await answer.json()) as { now: string; mode: string };
    expect(mode).toBe('real');
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(now)).toBeLessThanOrEqual(after);
  });

  it('keeps the fixed clock with --frozen, and pins the start with --start-time', async () => {
    const frozen = await startBin(['--frozen'], started);
    expect((await get(frozen.url, '/_sandbox/clock')).headers.get('svc-sandbox-clock')).toBe('frozen');
    expect(await (await get(frozen.url, '/_sandbox/clock')).json()).toEqual({
      now: '2026-01-05T09:00:00.000Z',
      mode: 'frozen',
    });
    const pinned = await startBin(['--frozen', '--start-time', '2025-03-01T00:00:00Z'], started);
    expect(((await (await get(pinned.url, '/_sandbox/clock')).json()) as { now: string }).now).toBe(
      '2025-03-01T00:00:00.000Z',
    );
  });

  it('logs one line per request with method, path, status, ms and request id; JSON lines with --log json; none with --quiet', async () => {
    const text = await startBin(['--frozen'], started);
    const answer = await get(text.url, '/v2/user/resolve/alice?x=1');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^req_/);
    expect(await lineOf(text.stdout, /^GET \/v2/)).toMatch(
      new RegExp(`^GET /v2/user/resolve/alice 200 \\d+(\\.\\d)?ms ${id}$`),
    );
    const json = await startBin(['--frozen', '--log', 'json'], started);
    const refused = await fetch(`${json.url}/v2/user/resolve/bob`);
    const line = JSON.parse(await lineOf(json.stdout, /^\{/)) as Record<string, unknown>;
    expect(line).toMatchObject({
      method: 'GET',
      path: '/v2/user/resolve/bob',
      status: 401,
      request_id: refused.headers.get('x-request-id'),
    });
    expect(typeof line.ms).toBe('number');
    const quiet = await startBin(['--frozen', '--quiet'], started);
    await get(quiet.url, '/v2/user/resolve/carol');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(quiet.stdout()).not.toContain('carol');
  });

  it('answers 429 with Retry-After past --rate-limit and its burst, per key', async () => {
    const { url } = await startBin(['--frozen', '--rate-limit', '1', '--rate-burst', '2'], started);
    expect((await get(url, '/v2/user/resolve/alice')).status).toBe(200);
    expect((await get(url, '/v2/user/resolve/alice')).status).toBe(200);
    const refused = await get(url, '/v2/user/resolve/alice');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await get(url, '/_sandbox/clock')).status).toBe(200);
  });

  it('walks the README lab flow as written through sandboxControls, on real time', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const code = /<!-- walk:start -->\n```ts\n([\s\S]*?)```\n<!-- walk:end -->/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const { url } = await startBin([], started);
    // Inside the package, so `@svc/sandbox` and `@svc/client` resolve as they do for a partner.
    const file = scratchFile(
      new URL(`../../readme-walk.${process.pid}.mts`, import.meta.url),
      code as string,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, SVC_BASE_URL: url },
      timeout: 30_000,
    });
    expect(stdout.split('\n').slice(0, 2)).toEqual(['completed.at_home_phlebotomy.completed', 'completed']);
  });
});
