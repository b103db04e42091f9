// What a failure is recorded as (and `svc-sync status --failed` prints) never carries a secret the
// message quoted: a key, a webhook secret, or an address's password wherever the address puts it.
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/errors/classify-error.js';

const recorded = (message: string) => describeFailure(new Error(message)).message;

describe('a recorded failure message', () => {
  it('masks API keys and webhook secrets', () => {
    expect(recorded('refused sk_live_abc123XYZ and whsec_c2VjcmV0')).toBe('refused sk_*** and whsec_***');
  });

  it("masks the password of an address's user info", () => {
    expect(recorded('cannot reach postgres://svc:hunter22@db:5432/svc')).toBe(
      'cannot reach postgres://svc:***@db:5432/svc',
    );
  });

  it("masks the whole password of an address's user info when it holds an unencoded @", () => {
    // URL parsers (pg's included) end the user info at the last @: the password here is p@ss@word.
    expect(recorded('cannot reach postgres://svc:p@ss@word@db:5432/svc?sslmode=require')).toBe(
      'cannot reach postgres://svc:***@db:5432/svc?sslmode=require',
    );
  });

  it('masks a password given as a query parameter of an address', () => {
    expect(
      recorded('cannot reach postgres://svc@db/svc?sslmode=require&password=hunter22 (ECONNREFUSED)'),
    ).toBe('cannot reach postgres://svc@db/svc?sslmode=require&password=*** (ECONNREFUSED)');
    expect(recorded('redis://db:6379/?sslpassword=k3y&x=1')).toBe('redis://db:6379/?sslpassword=***&x=1');
  });
});
