import { describe, expect, it } from 'vitest';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested JSON (issue 21)', () => {
  it('refuses a body nested past 64 levels with 400, and the world stays usable', async () => {
    const sandbox = strictSandbox();
    const refused = await call(sandbox, 'POST', '/v3/order', {
      raw: `{"extra":${deep(20_000)}}`,
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('json_too_deep');
    expect((await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).status).toBe(200);
    expect((await call(sandbox, 'GET', '/_sandbox/snapshot')).status).toBe(200);
    expect((await call(sandbox, 'POST', '/_sandbox/clock/advance', { body: { seconds: 60 } })).status).toBe(
      200,
    );
  });

  it('still takes a body nested 64 levels deep', async () => {
    const sandbox = strictSandbox();
    const { user_id } = await orderFor(sandbox);
    const accepted = await call(sandbox, 'POST', '/v3/order', {
      raw: `{"user_id":"${user_id}","extra":${deep(63)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(accepted.status).toBe(200);
  });
});
