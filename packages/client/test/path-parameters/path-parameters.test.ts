import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import { type SvcClient, ValidationError } from '../../src/index.js';
import { checkDecodedForms, checkPathSegment } from '../../src/internal/input/path-segment.js';
import { fakeFetch, json, testClient, USER_ID } from '../fixtures/fake-fetch.js';

/** Values that would collapse or leave the path segment they fill. */
const BAD_VALUES = [
  '',
  ' ',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%252e%252e',
  '%25252E%25252E',
  '\uff0e\uff0e',
  '../x',
  'x/..',
  '..\\x',
  '%2e%2e%2fx',
];

/** Every path parameter of every operation of the generated table. */
const cases = operations.flatMap((operation) =>
  Object.entries(operation.params?.path?.props ?? {}).map(([name, rule]) => ({ operation, name, rule })),
);

/** A valid value for each path parameter, so only the one under test is bad. */
const validPath = (operation: (typeof operations)[number]): Record<string, string> =>
  Object.fromEntries(
    Object.entries(operation.params?.path?.props ?? {}).map(([name, rule]) => [
      name,
      rule.uuid ? USER_ID : 'a-value',
    ]),
  );

type Call = (client: SvcClient, path: Record<string, unknown>) => Promise<unknown>;
type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** A client member by name, for calls the loop builds from the table. */
const member = (client: SvcClient, name: string): AnyMethod => {
  const method = (client as unknown as Record<string, AnyMethod | undefined>)[name];
  if (!method) throw new Error(`no client member ${name}`);
  return method;
};

async function expectRefused(call: Call, path: Record<string, unknown>, name: string): Promise<void> {
  const fake = fakeFetch(() => json({}));
  const error = await call(testClient(fake.fetch), path).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).field).toBe(name);
  expect((error as ValidationError).message).toMatch(/path/);
  expect(fake.sent).toHaveLength(0);
}

describe('path parameters never change the request path', () => {
  it('covers every operation with a path parameter', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(cases.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['client_user_id', 'provider', 'job_id', 'user_id', 'order_id']),
    );
  });

  describe.each(cases)('issue 11: $operation.id refuses a bad $name', ({ operation, name }) => {
    it.each(BAD_VALUES)('named method, %j', async (value) => {
      const named: Call = (client, path) => member(client, operation.id)(path);
      await expectRefused(named, { ...validPath(operation), [name]: value }, name);
    });

    it.each(BAD_VALUES)('typed path client, %j', async (value) => {
      const pathClient: Call = (client, path) =>
        member(client, operation.method)(operation.path, { params: { path } });
      await expectRefused(pathClient, { ...validPath(operation), [name]: value }, name);
    });
  });

  it('issue 11: refuses dot segments on a path the table does not know, too', async () => {
    const fake = fakeFetch(() => json({}));
    const get = member(testClient(fake.fetch), 'GET');
    await expect(get('/v9/thing/{id}', { params: { path: { id: '%2e%2e' } } })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(fake.sent).toHaveLength(0);
  });

  it('sends a value with /, ?, # and % as one encoded segment, keeping the path shape', async () => {
    const fake = fakeFetch(() => json({ user_id: USER_ID }));
    const client = testClient(fake.fetch);
    const odd = 'a/b?c#d%2e..e';
    await client.resolveUser({ client_user_id: odd });
    await client.deregisterProvider({ user_id: USER_ID, provider: odd });
    await client.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: odd } } });
    const paths = fake.sent.map((sent) => new URL(sent.url).pathname);
    expect(paths).toEqual([
      `/v2/user/resolve/${encodeURIComponent(odd)}`,
      `/v2/user/${USER_ID}/${encodeURIComponent(odd)}`,
      `/v2/user/resolve/${encodeURIComponent(odd)}`,
    ]);
    for (const path of paths) expect(decodeURIComponent(path.split('/').at(-1) as string)).toBe(odd);
    for (const sent of fake.sent) expect(new URL(sent.url).search).toBe('');
  });

  it('refuses exactly what the full decoding check refuses, with its shortcut for plain values', () => {
    // Every string of up to 4 characters over letters, digits, the plain marks and the ones that
    // encode, separate or normalise: the shortcut may only skip work, never a refusal.
    const alphabet = ['a', '5', '_', '~', '-', '.', '%', '2', 'e', 'E', '/', '\\', ' ', '\uff0e'];
    let values = [''];
    const all: string[] = [];
    for (let length = 1; length <= 4; length++) {
      values = values.flatMap((prefix) => alphabet.map((char) => prefix + char));
      all.push(...values);
    }
    const refused = (check: () => void): boolean => {
      try {
        check();
        return false;
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return true;
      }
    };
    let plainAccepted = 0;
    for (const value of all) {
      const full = refused(() => checkDecodedForms('id', value));
      expect(
        refused(() => checkPathSegment('id', value)),
        JSON.stringify(value),
      ).toBe(full);
      if (!full && /^[\w.~-]+$/.test(value)) plainAccepted++;
    }
    expect(all.length).toBeGreaterThan(40_000);
    expect(plainAccepted).toBeGreaterThan(1000);
    // 41,000 values, about half of them refused with an error each: seconds of CPU on a shared machine.
  }, 60_000);
});
