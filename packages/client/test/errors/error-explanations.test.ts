// Issue 23: an API error's message ends with the service's own explanation, whatever shape its body has.
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type ApiError, NotFoundError, UnprocessableEntityError } from '../../src/index.js';
import { failure } from '../fixtures/failures.js';
import { API_KEY, fakeFetch, testClient } from '../fixtures/fake-fetch.js';

const PREFIX = 'GET /v2/user/resolve/{client_user_id} failed:';

async function errorFor(body: unknown, status = 404): Promise<ApiError> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fake = fakeFetch(() => new Response(text, { status, statusText: STATUS_CODES[status] }));
  return failure<ApiError>(testClient(fake.fetch, { maxRetries: 0 }).resolveUser({ client_user_id: 'bob' }));
}

describe('issue 23: the service explanation in API errors', () => {
  it('ends the message with `detail` when it is text', async () => {
    const error = await errorFor({ detail: 'user unknown_bob was not found' });
    expect(error.message).toBe(`${PREFIX} 404 Not Found: user unknown_bob was not found`);
    expect(error.code).toBeUndefined();
  });

  it('ends the message with every `{ loc, msg }` of a `detail` list and names the first field as param', async () => {
    const detail = [
      { loc: ['body', 'mfa_code'], msg: 'field required', type: 'value_error.missing' },
      { loc: ['query', 'start_date'], msg: 'invalid date' },
    ];
    const error = await errorFor({ detail }, 422);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error.message).toBe(
      `${PREFIX} 422 Unprocessable Entity: body.mfa_code: field required; query.start_date: invalid date`,
    );
    expect(error.param).toBe('body.mfa_code');
    expect(error.code).toBe('value_error.missing');
  });

  it('ends the message with a top-level `message` and reads `code` and `param` beside it', async () => {
    const error = await errorFor(
      { message: 'Date out of range', code: 'bad_date', param: 'start_date' },
      400,
    );
    expect(error.message).toBe(`${PREFIX} 400 Bad Request: Date out of range`);
    expect(error.code).toBe('bad_date');
    expect(error.param).toBe('start_date');
  });

  it('ends the message with `error` when it is text', async () => {
    const error = await errorFor({ error: 'Unknown user' });
    expect(error.message).toBe(`${PREFIX} 404 Not Found: Unknown user`);
  });

  it('ends the message with `error.message` and reads `error.code`', async () => {
    const body = {
      error: { code: 'not_found', message: 'user unknown_bob was not found in this sandbox world' },
    };
    const error = await errorFor(body);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      `${PREFIX} 404 Not Found: user unknown_bob was not found in this sandbox world`,
    );
    expect(error.code).toBe('not_found');
    expect(error.body).toEqual(body);
  });

  it('ends the message with every entry of `errors[]`', async () => {
    const body = {
      errors: [{ code: 'too_long', field: 'notes', message: 'at most 1000 characters' }, 'try again'],
    };
    const error = await errorFor(body, 400);
    expect(error.message).toBe(`${PREFIX} 400 Bad Request: notes: at most 1000 characters; try again`);
    expect(error.code).toBe('too_long');
    expect(error.param).toBe('notes');
  });

  it('ends the message with the status alone when the body has none of those shapes, and keeps the body', async () => {
    const body = { status: 'nope', info: { reason: 42 } };
    const error = await errorFor(body, 409);
    expect(error.message).toBe(`${PREFIX} 409 Conflict`);
    expect(error.code).toBeUndefined();
    expect(error.param).toBeUndefined();
    expect(error.body).toEqual(body);
  });

  it('redacts the explanation before cutting it to 200 characters', async () => {
    const error = await errorFor({ error: { message: `key ${API_KEY} refused ${'x'.repeat(400)}` } }, 401);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toContain('key [redacted] refused');
    expect(error.message.length).toBeLessThan(`${PREFIX} 401 Unauthorized: `.length + 201);
  });
});
