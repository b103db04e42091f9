import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { handlers } from '../../src/msw.js';

const headers = { 'x-svc-api-key': 'sk_test_msw_base' };
const resolve = (list: ReturnType<typeof handlers>, url: string) =>
  getResponse(list, new Request(url, { headers }));

describe('MSW handlers follow the client URL rules (issue 21)', () => {
  it('honours a path prefix in baseUrl and takes it off before the sandbox routes', async () => {
    const list = handlers(createSandbox(), { baseUrl: 'https://gateway.example.test/svc/api/' });
    const answered = await resolve(list, 'https://gateway.example.test/svc/api/v2/user/resolve/alice');
    expect(answered?.status).toBe(200);
    expect((await answered?.json())?.client_user_id).toBe('alice');
    expect(await resolve(list, 'https://gateway.example.test/v2/user/resolve/alice')).toBeUndefined();
    expect(await resolve(list, 'https://gateway.example.test/svc/apix/v2/user/resolve/a')).toBeUndefined();
  });

  it('sends a prefixed POST body through to the sandbox', async () => {
    const sandbox = createSandbox();
    const list = handlers(sandbox, { baseUrl: 'https://gateway.example.test/svc' });
    const answered = await getResponse(
      list,
      new Request('https://gateway.example.test/svc/_sandbox/clock/advance', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 60 }),
      }),
    );
    expect(answered?.status).toBe(200);
    expect((await answered?.json())?.now).toBe('2026-01-05T09:01:00.000Z');
  });

  it('matches an upper-case host and an explicit default port the way the client sends them', async () => {
    const upper = handlers(createSandbox(), { baseUrl: 'https://API.Example.TEST:443' });
    expect((await resolve(upper, 'https://api.example.test/v2/user/resolve/a'))?.status).toBe(200);
    const plain = handlers(createSandbox(), { baseUrl: 'http://api.example.test' });
    expect((await resolve(plain, 'http://API.EXAMPLE.test:80/v2/user/resolve/a'))?.status).toBe(200);
    expect(await resolve(plain, 'http://api.example.test:8080/v2/user/resolve/a')).toBeUndefined();
  });

  it.each([
    ['not a url', 'absolute http(s) URL'],
    ['ftp://files.example.test', 'absolute http(s) URL'],
    ['https://partner:hunter2@api.example.test', 'credentials'],
    ['https://api.example.test/?region=eu', 'query'],
    ['https://api.example.test/#top', 'fragment'],
  ])('refuses the baseUrl %s when the handlers are created, without quoting it', (baseUrl, problem) => {
    const create = () => handlers(createSandbox(), { baseUrl });
    expect(create).toThrow(TypeError);
    expect(create).toThrow(problem);
    expect(create).not.toThrow(/hunter2|partner/);
  });
});
