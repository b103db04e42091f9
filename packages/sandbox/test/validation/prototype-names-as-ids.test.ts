import { describe, expect, it } from 'vitest';
import { CONTROL_ROUTES, type Sandbox } from '../../src/index.js';
import { SpecIndex } from '../../src/openapi/spec-index.js';
import { bundledSpec, call, orderFor, sandboxWithDisk, strictSandbox } from '../fixtures/sandbox.js';

/** Names every object inherits a member under: none of them may ever be taken for an id. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** Every route of the sandbox with an id in its path: the API's (from its router) and the control API's. */
const ID_ROUTES: Array<{ id: string; method: string; path: string }> = [
  ...new SpecIndex(bundledSpec()).operations.map(({ operationId, method, path }) => ({
    id: operationId,
    method,
    path,
  })),
  ...Object.entries(CONTROL_ROUTES).map(([id, [method, path]]) => ({ id, method, path })),
].filter(({ path }) => path.includes('{'));

/** The route with every path parameter set to `name`. */
const fill = (path: string, name: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(name));

/** The status and error code a world answers; a 500 is a defect whatever the route. */
async function probe(sandbox: Sandbox, method: string, path: string) {
  const { status, body } = await call(sandbox, method, path, method === 'GET' ? {} : { body: {} });
  return { status, code: body?.error?.code as string | undefined, body };
}

describe('issue 33: a prototype name is never an id', () => {
  it('finds the id routes of both APIs', () => {
    expect(ID_ROUTES.length).toBeGreaterThanOrEqual(24);
  });

  it.each(ID_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers a prototype name as an unknown id (404, or 422 where the format refuses it)',
    async (_name, { id, method, path }) => {
      const sandbox = strictSandbox();
      for (const name of PROTOTYPE_NAMES) {
        const { status, code, body } = await probe(sandbox, method, fill(path, name));
        const seen = `${name}: ${status} ${JSON.stringify(body)}`;
        if (id === 'resolveUser') {
          // Resolving a client_user_id makes that user: `__proto__` is a name like any other.
          expect(status, seen).toBe(200);
          expect(body.client_user_id, seen).toBe(name);
          expect((await probe(sandbox, method, fill(path, name))).body.user_id).toBe(body.user_id);
        } else {
          expect([404, 422], seen).toContain(status);
          expect(['not_found', 'invalid_request'], seen).toContain(code);
        }
      }
    },
  );

  it('takes no prototype name for an id carried in a header, a query, a body or a trigger', async () => {
    const sandbox = strictSandbox();
    const order = await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) });
    for (const name of PROTOTYPE_NAMES) {
      const mfa = await call(sandbox, 'POST', '/v2/link/provider/password/whoop/complete_mfa', {
        body: { mfa_code: '123456' },
        headers: { 'x-svc-link-token': name },
      });
      expect(mfa.body.error_type, name).toBe('invalid_token');
      const code = await call(sandbox, 'POST', `/v2/link/code/create?user_id=${encodeURIComponent(name)}`);
      expect(code.status, name).toBe(422);
      const trigger = async (options: Record<string, string>) =>
        (await call(sandbox, 'POST', '/_sandbox/webhooks/trigger', { body: options })).status;
      expect(await trigger({ event_type: 'labtest.order.updated', order_id: name })).toBe(404);
      expect(await trigger({ event_type: 'lab_report.parsing_job.updated', job_id: name })).toBe(404);
      expect(await trigger({ event_type: 'provider.connection.created', client_user_id: name })).toBe(200);
      expect(await trigger({ event_type: name })).toBe(422);
      const reused = await call(sandbox, 'POST', '/v3/order', {
        body: await orderFor(sandbox),
        headers: { 'idempotency-key': name },
      });
      expect(reused.status, name).toBe(200);
      const typed = await call(sandbox, 'POST', `/v3/order/${order.body.id}/phlebotomy/appointment/book`, {
        raw: '{}',
        headers: { 'content-type': name },
      });
      expect(typed.status, name).toBe(415);
    }
  });

  it('keeps ids own-only in every world the sandbox holds: reset, restored, imported, rolled back', async () => {
    const { sandbox, disk } = sandboxWithDisk();
    const unknown = async () => {
      for (const name of PROTOTYPE_NAMES)
        expect((await call(sandbox, 'GET', `/_sandbox/orders/${encodeURIComponent(name)}`)).status).toBe(404);
    };
    for (let i = 0; i < 30; i++) await call(sandbox, 'GET', `/v2/user/resolve/busy-${i}`);
    disk.full = true;
    expect((await call(sandbox, 'GET', '/v2/user/resolve/bob')).status).toBe(503); // undone
    disk.full = false;
    await unknown();
    // Ten years of 30 users' daily data is over 10,000 steps: refused, and the world rolled back.
    expect(() => sandbox.clock.advance({ seconds: 3_650 * 86_400 })).toThrow('10000');
    await unknown();
    sandbox.reset();
    await unknown();
    sandbox.restore(sandbox.snapshot());
    await unknown();
    sandbox.importState(JSON.parse(JSON.stringify(sandbox.exportState())));
    await unknown();
  });
});

describe('a prototype name as a provider slug', () => {
  it('is a provider the sandbox does not know: named by its slug, of an unknown type', async () => {
    const sandbox = strictSandbox();
    for (const name of PROTOTYPE_NAMES) {
      const trigger = async (event_type: string) =>
        (await call(sandbox, 'POST', '/_sandbox/webhooks/trigger', {
          body: { event_type, client_user_id: 'proto-user', provider: name },
        })) as { status: number; body: { event: { data: Record<string, Record<string, unknown>> } } };
      const connected = await trigger('provider.connection.created');
      expect(connected.status, name).toBe(200);
      expect(connected.body.event.data.provider, name).toMatchObject({ name, slug: name });
      const data = await trigger('daily.data.steps.created');
      expect(data.status, name).toBe(200);
      expect(data.body.event.data.source, name).toEqual({ provider: name, type: 'unknown' });
    }
  });
});
