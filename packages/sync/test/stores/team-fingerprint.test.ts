import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SyncInputError, teamFingerprint } from '../../src/index.js';

describe('teamFingerprint', () => {
  it('names a key by 16 hex digits, the same every time, and another key by others', () => {
    const key = 'sk_us_0123456789abcdef0123456789abcdef';
    expect(teamFingerprint(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(teamFingerprint(key)).toBe(teamFingerprint(key));
    // A rotated key (one character changed) is another fingerprint: the store must be rebound.
    expect(teamFingerprint(`${key.slice(0, -1)}0`)).not.toBe(teamFingerprint(key));
  });

  it('is labelled: not a prefix of the plain SHA-256 of the key someone else may hold', () => {
    const key = 'sk_eu_feedfacecafebeef';
    const fingerprint = teamFingerprint(key);
    expect(createHash('sha256').update(key).digest('hex')).not.toContain(fingerprint);
  });

  it('refuses an empty key', () => {
    expect(() => teamFingerprint('')).toThrow(SyncInputError);
    expect(() => teamFingerprint('   ')).toThrow(SyncInputError);
  });
});
