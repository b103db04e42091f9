import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContext } from '../../src/handlers/operation-context.js';
import { idempotent } from '../../src/http/idempotency.js';
import { createSandbox } from '../../src/index.js';
import { type SandboxServer, serveSandbox } from '../../src/serve-sandbox.js';
import { createWorld } from '../../src/world/state/new-world.js';
import { API_KEY, call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

/** The same order for one patient (an order needs a known user_id), under one idempotency key. */
const order = (key: string, body: Record<string, unknown>) => ({
  body,
  headers: { 'idempotency-key': key },
});

describe('one idempotency key, many concurrent requests (issue 21)', () => {
  it('creates one order for 40 concurrent in-process requests with one key, and answers each with it', async () => {
    const sandbox = strictSandbox();
    const body = await orderFor(sandbox);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(sandbox, 'POST', '/v3/order', order('same-key', body))),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(Object.keys(sandbox.snapshot().orders)).toHaveLength(1);
  });

  it('claims the key before the first await: a second call while the first runs gets its answer', async () => {
    const world = createWorld('seed', '2026-01-05T09:00:00.000Z');
    const context = {
      world,
      transact: <T>(change: () => T) => change(),
      headers: new Headers({ 'idempotency-key': 'k' }),
      operation: { operationId: 'createOrder' },
      path: {},
      body: { a: 1 },
    } as unknown as OperationContext;
    let created = 0;
    const create = async () => {
      created++;
      await new Promise((done) => setTimeout(done, 5));
      return { status: 200, body: { id: `order-${created}` } };
    };
    const [first, second] = await Promise.all([
      idempotent(context, 'idempotency-key', create),
      idempotent(context, 'idempotency-key', create),
    ]);
    expect(created).toBe(1);
    expect(second).toEqual(first);
    const other = { ...context, body: { a: 2 } } as OperationContext;
    const running = idempotent(context, 'idempotency-key', create);
    await expect(idempotent(other, 'idempotency-key', create)).rejects.toMatchObject({ status: 409 });
    await running;
  });
});

describe('over HTTP', () => {
  let server: SandboxServer;
  const sandbox = createSandbox({ apiKey: API_KEY });
  beforeAll(async () => {
    server = await serveSandbox(sandbox, { port: 0 });
  });
  afterAll(() => server.close());

  it('creates one order for 40 concurrent requests with one key', async () => {
    const body = JSON.stringify(await orderFor(sandbox));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${server.url}/v3/order`, {
          method: 'POST',
          headers: {
            'x-svc-api-key': API_KEY,
            'content-type': 'application/json',
            'idempotency-key': 'http-key',
          },
          body,
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(Object.keys(sandbox.snapshot().orders)).toHaveLength(1);
  });
});
