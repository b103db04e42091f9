// A Redis address is checked before BullMQ loads: a bad percent-escape in its user name or password is
// a SyncInputError that never quotes the secret, not a URIError out of decodeURIComponent.
import { describe, expect, it } from 'vitest';
import { SyncInputError } from '../../src/index.js';
import { redisOptions } from '../../src/redis-options.js';

describe('a Redis address with credentials', () => {
  it.each([
    ['password', 'redis://svc:pw%E0%A4%Asecret@127.0.0.1:6379/0'],
    ['user name', 'redis://us%zzsecret:pw@127.0.0.1:6379/0'],
  ])('refuses a bad percent-escape in its %s with a typed error that does not quote it', (what, url) => {
    let thrown: unknown;
    try {
      redisOptions(url);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SyncInputError);
    expect((thrown as Error).message).toBe(
      `the Redis address's ${what} has a bad percent-escape: write % as %25`,
    );
    expect((thrown as Error).message).not.toMatch(/secret/);
  });

  it('decodes a well-formed escape', () => {
    expect(redisOptions('redis://svc:p%40ss@127.0.0.1:6379/2')).toMatchObject({
      username: 'svc',
      password: 'p@ss',
      db: 2,
    });
  });
});
