import { describe, expect, it } from 'vitest';
import { foreignRequest, loopbackHosts, sameToken } from '../../src/page-guard.js';

const HOSTS = new Set(['127.0.0.1:4011', 'localhost:4011']);

describe('the door of a loopback page', () => {
  it('lets in a request under a known Host, with no Origin or its own', () => {
    expect(foreignRequest('127.0.0.1:4011', undefined, HOSTS)).toBeUndefined();
    expect(foreignRequest('LOCALHOST:4011', 'http://localhost:4011', HOSTS)).toBeUndefined();
  });

  it('refuses a Host it is not served under: DNS rebinding, a missing or empty Host', () => {
    expect(foreignRequest('attacker.example:4011', undefined, HOSTS)).toBe('host');
    expect(foreignRequest(undefined, undefined, HOSTS)).toBe('host');
    expect(foreignRequest('', undefined, HOSTS)).toBe('host');
  });

  it("refuses another site's page by its Origin, even under a known Host", () => {
    expect(foreignRequest('127.0.0.1:4011', 'https://attacker.example', HOSTS)).toBe('origin');
    expect(foreignRequest('127.0.0.1:4011', 'http://localhost:4011', HOSTS)).toBe('origin');
  });

  it('takes only the very token, and a token of another byte length is refused, not thrown on', () => {
    expect(sameToken('abc123', 'abc123')).toBe(true);
    expect(sameToken('abc124', 'abc123')).toBe(false);
    expect(sameToken('abc12', 'abc123')).toBe(false);
    // Same length in characters, not in bytes: compared as bytes, so a refusal instead of a RangeError.
    expect(sameToken('abc12é', 'abc123')).toBe(false);
  });

  it('answers under the loopback names a browser writes and the address it listens on, an IPv6 one bracketed', () => {
    expect([...loopbackHosts('127.0.0.1', 4011)].sort()).toEqual([
      '127.0.0.1:4011',
      '[::1]:4011',
      'localhost:4011',
    ]);
    expect(loopbackHosts('::1', 80)).toEqual(new Set(['127.0.0.1:80', 'localhost:80', '[::1]:80']));
    expect(loopbackHosts('127.0.0.2', 80).has('127.0.0.2:80')).toBe(true);
    expect(loopbackHosts('[::1]', 80).has('[[::1]]:80')).toBe(false);
  });
});
