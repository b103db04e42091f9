import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../../src/index.js';

const headers = { 'x-svc-api-key': 'k' };
// Raw targets: fetch would re-encode a lone `%`, so they go out exactly as written through `request`.
const MALFORMED = [
  '/v2/user/resolve/%E0%A4%A',
  '/v2/user/resolve/%',
  '/%',
  '/v3/order/%ZZ',
  '/v3/lab_tests/markers?page=%&size=2',
  '/v2/user/resolve/abc%C3',
];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock();
}, 60_000);
afterAll(() => mock?.stop());

/** Sends `target` as the raw request target (no normalisation) and resolves with the status. */
async function rawGet(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${mock.url}${target}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.path = target;
    req.on('error', reject);
    req.end();
  });
}

describe('malformed percent-encoding (issue 21)', () => {
  it('answers /v2/user/resolve/%E0%A4%A and a lone % with 400 and keeps serving', async () => {
    expect(await rawGet('/v2/user/resolve/%E0%A4%A')).toBe(400);
    expect(await rawGet('/v2/user/resolve/%')).toBe(400);
    const good = await fetch(`${mock.url}/v2/user/resolve/alice`, { headers });
    expect(good.status).toBe(200);
  });

  it('survives 1,000 malformed URLs, then answers a good request within a second', async () => {
    const statuses = new Map<number, number>();
    for (let round = 0; round < 1_000; round += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, i) => rawGet(MALFORMED[(round + i) % MALFORMED.length] as string)),
      );
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 1_000 });
    const good = await fetch(`${mock.url}/v2/user/resolve/alice`, {
      headers,
      signal: AbortSignal.timeout(1_000),
    });
    expect(good.status).toBe(200);
    expect(await Promise.race([mock.exited.then(() => 'exited'), Promise.resolve('running')])).toBe(
      'running',
    );
  });
});
