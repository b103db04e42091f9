import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../../src/index.js';

const key = { 'x-svc-api-key': 'k' };
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock();
}, 60_000);
afterAll(() => mock?.stop());

const order = (body: BodyInit, contentType = 'application/json') =>
  fetch(`${mock.url}/v3/order`, { method: 'POST', headers: { ...key, 'content-type': contentType }, body });

/** Prism still answers: a good request gets the spec example, and its process has not exited. */
async function expectServing() {
  const good = await order('{}');
  expect(good.status).toBe(200);
  await good.body?.cancel();
  expect(await Promise.race([mock.exited.then(() => 'exited'), Promise.resolve('running')])).toBe('running');
}

describe('JSON bodies nested past 64 levels', () => {
  it.each([
    ['objects 4,500 deep', objects(4_500)],
    ['arrays 5,000 deep', arrays(5_000)],
    ['objects 10,000 deep', objects(10_000)],
  ])('get 400 from the front for %s, and the mock keeps serving', async (_name, body) => {
    const response = await order(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'JSON nested too deeply',
      status: 400,
      detail: 'The request body nests arrays and objects deeper than 64 levels.',
    });
    await expectServing();
  });

  it('are counted outside strings: 64 levels pass with brackets inside a string, 65 do not', async () => {
    const inString = `{"a":"${'['.repeat(100)}","b":${objects(63)}}`;
    const atLimit = await order(inString);
    expect(atLimit.status).toBe(200);
    await atLimit.body?.cancel();
    expect((await order(`[${objects(64)}]`)).status).toBe(400);
  });

  it('are refused in a charset other than UTF-8 (UTF-16LE) and in a +json media type', async () => {
    expect(
      (await order(Buffer.from(arrays(5_000), 'utf16le'), 'application/json; charset=utf-16le')).status,
    ).toBe(400);
    expect((await order(arrays(5_000), 'application/merge-patch+json')).status).toBe(400);
    await expectServing();
  });
});
