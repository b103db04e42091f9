import { describe, expect, it } from 'vitest';
// One import of the entry point: the classes are read from it, and the last test lists what it exports.
import * as svc from '../../src/index.js';
import { failure } from '../fixtures/failures.js';
import { fakeFetch, json, testClient } from '../fixtures/fake-fetch.js';

const resolve = { client_user_id: 'u1' };

describe('errors', () => {
  it.each([
    [svc.BadRequestError, [400]],
    [svc.AuthenticationError, [401]],
    [svc.PermissionDeniedError, [403]],
    [svc.NotFoundError, [404]],
    [svc.ConflictError, [409]],
    [svc.UnprocessableEntityError, [422]],
    [svc.RateLimitError, [429]],
    [svc.InternalServerError, [500, 501, 503]],
    [svc.ApiError, [402, 418]],
  ] as const)('throws %o for the statuses %j', async (Class, statuses) => {
    for (const status of statuses) {
      const fake = fakeFetch(() => json({ detail: 'nope' }, status));
      const error = await failure(testClient(fake.fetch, { maxRetries: 0 }).resolveUser(resolve));
      expect(error).toBeInstanceOf(Class);
      expect((error as Error).constructor).toBe(Class);
      expect((error as Error).name).toBe(Class.name);
      expect(JSON.parse(JSON.stringify(error)).name).toBe(Class.name);
      expect((error as svc.ApiError).status).toBe(status);
    }
  });

  it('gives an ApiError the status, the response headers, the parsed body and the request id', async () => {
    const body = { detail: 'User not found', code: 'user_not_found' };
    const fake = fakeFetch(() => json(body, 404, { 'x-request-id': 'req_123' }));
    const error = (await failure(testClient(fake.fetch).resolveUser(resolve))) as svc.NotFoundError;
    expect(error.status).toBe(404);
    expect(error.headers.get('content-type')).toBe('application/json');
    expect(error.body).toEqual(body);
    expect(error.requestId).toBe('req_123');
    expect(error.message).toBe('GET /v2/user/resolve/{client_user_id} failed: 404: User not found');
  });

  it("exposes a 422's validation detail", async () => {
    const detail = [{ loc: ['body', 'mfa_code'], msg: 'field required', type: 'value_error.missing' }];
    const fake = fakeFetch(() => json({ detail }, 422));
    const error = (await failure(
      testClient(fake.fetch).completePasswordProviderMfa({ provider: 'whoop', body: { mfa_code: '1' } }),
    )) as svc.UnprocessableEntityError;
    expect(error.detail).toEqual(detail);
  });

  it("exposes a 429's Retry-After as retryAfterMs", async () => {
    const fake = fakeFetch(() => json({}, 429, { 'retry-after': '7' }));
    const error = (await failure(
      testClient(fake.fetch, { maxRetries: 0 }).resolveUser(resolve),
    )) as svc.RateLimitError;
    expect(error.retryAfterMs).toBe(7000);
  });

  it('keeps an error body that is not JSON as text', async () => {
    const fake = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 400 }));
    const error = (await failure(testClient(fake.fetch).resolveUser(resolve))) as svc.BadRequestError;
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('throws ResponseParseError, not a crash, for a 2xx whose body is not JSON', async () => {
    const html = () =>
      new Response('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    const error = (await failure(
      testClient(fakeFetch(html).fetch).resolveUser(resolve),
    )) as svc.ResponseParseError;
    expect(error).toBeInstanceOf(svc.ResponseParseError);
    expect(error).toBeInstanceOf(svc.SvcError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('not valid JSON (content-type: text/html)');
    const pathError = await failure(
      testClient(fakeFetch(html).fetch).GET('/v2/user/resolve/{client_user_id}', {
        params: { path: resolve },
      }),
    );
    expect(pathError).toBeInstanceOf(svc.ResponseParseError);
  });

  it('resolves with undefined for an empty 2xx body', async () => {
    const fake = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(testClient(fake.fetch).createLinkToken({ body: {} })).resolves.toBeUndefined();
  });

  it('does not follow a redirect: asks fetch for manual redirects and turns a 3xx into an ApiError', async () => {
    const fake = fakeFetch(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/x' } }),
    );
    const error = (await failure(testClient(fake.fetch).resolveUser(resolve))) as svc.ApiError;
    expect(error).toBeInstanceOf(svc.ApiError);
    expect(error.status).toBe(302);
    expect(error.message).toContain('redirect to https://elsewhere.example/x not followed');
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.redirect).toBe('manual');
  });

  it('issue 33: drops the body of a redirect whose body already failed without an unhandled rejection', async () => {
    const broken = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new Error('the connection reset'));
          },
        }),
        { status: 302, headers: { location: 'https://elsewhere.example/x' } },
      );
    const error = await failure(testClient(fakeFetch(broken).fetch).resolveUser(resolve));
    expect(error).toBeInstanceOf(svc.ApiError);
    // A rejection left unhandled would surface in the next turns of the event loop.
    await new Promise((done) => setTimeout(done, 10));
  });

  it("turns a browser's opaque redirect into an ApiError too", async () => {
    const opaque = () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperties(response, { type: { value: 'opaqueredirect' }, status: { value: 0 } });
      return response;
    };
    const error = (await failure(testClient(fakeFetch(opaque).fetch).resolveUser(resolve))) as svc.ApiError;
    expect(error).toBeInstanceOf(svc.ApiError);
    expect(error.message).toContain('not followed');
  });

  it('the typed path client returns HTTP errors as { error, response } instead of throwing', async () => {
    const fake = fakeFetch(() => json({ detail: 'missing' }, 404));
    const result = await testClient(fake.fetch).GET('/v2/user/resolve/{client_user_id}', {
      params: { path: resolve },
    });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ detail: 'missing' });
    expect(result.response.status).toBe(404);
  });

  it('the typed path client throws typed errors when there is no response', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await expect(testClient(fake.fetch, { maxRetries: 0 }).GET('/v2/providers', {})).rejects.toBeInstanceOf(
      svc.ConnectionError,
    );
  });

  it('turns anything else thrown inside a call (a middleware, say) into a SvcError keeping the cause', async () => {
    const client = testClient(fakeFetch(() => json({})).fetch);
    const boom = new Error('middleware broke');
    client.use({
      onRequest() {
        throw boom;
      },
    });
    const error = (await failure(client.listProviders())) as svc.SvcError;
    expect(error).toBeInstanceOf(svc.SvcError);
    expect(error.cause).toBe(boom);
  });

  it('maps any 5xx to InternalServerError and any other status to ApiError in the one factory', () => {
    const of = (status: number) => svc.errorFromResponse(new Response(null, { status }), undefined, 'GET /x');
    expect(of(599)).toBeInstanceOf(svc.InternalServerError);
    expect(of(505)).toBeInstanceOf(svc.InternalServerError);
    expect(of(410).constructor).toBe(svc.ApiError);
  });

  it('exports every error class from the entry point, each a SvcError named after its class', () => {
    const classes = Object.values(svc).filter(
      (value): value is typeof svc.SvcError =>
        typeof value === 'function' && value.prototype instanceof Error,
    );
    expect(classes.map((Class) => Class.name).sort()).toEqual([
      'AbortError',
      'ApiError',
      'AuthenticationError',
      'BadRequestError',
      'ConflictError',
      'ConnectionError',
      'InternalServerError',
      'MaxPagesExceededError',
      'NotFoundError',
      'PaginationError',
      'PermissionDeniedError',
      'RateLimitError',
      'RepeatedCursorError',
      'ResponseParseError',
      'ResponseTooLargeError',
      'StalledPageError',
      'SvcError',
      'TimeoutError',
      'UnprocessableEntityError',
      'ValidationError',
    ]);
    for (const Class of classes) {
      expect(Class === svc.SvcError || Class.prototype instanceof svc.SvcError).toBe(true);
      // Named in its module's nameErrors call: a class left out would carry its parent's name.
      expect(Class.prototype.name).toBe(Class.name);
    }
  });
});
