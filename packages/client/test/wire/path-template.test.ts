import { defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';
import { fillPath } from '../../src/internal/route/path-template.js';

const BASE = 'https://api.test.example';
const VALUES: unknown[] = [
  'client-user-1',
  '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b',
  'a b/c?d#e&f=g',
  'ünïcødé ✓',
  "$&$1$'",
  '%2F..%2e',
  42,
  0,
  true,
  undefined,
  null,
  ['x', 'y'],
  { k: 'v' },
];

describe('named methods fill their path as openapi-fetch does', () => {
  it.each(operations.map((operation) => [operation.id, operation.path]))(
    '%s: every kind of value gives the bytes of defaultPathSerializer',
    (_id, path) => {
      const names = [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] as string);
      for (const value of VALUES) {
        const params = Object.fromEntries(names.map((name) => [name, value]));
        expect(fillPath(BASE, path, params)).toBe(defaultPathSerializer(BASE + path, params));
      }
      expect(fillPath(BASE, path, undefined)).toBe(BASE + path);
    },
  );

  it('leaves label, matrix and exploded placeholders and a base URL with braces to openapi-fetch', () => {
    for (const path of ['/a/{.x}/b', '/a/{;x}', '/a/{x*}/{y}']) {
      for (const value of VALUES) {
        const params = { x: value, y: 'z' };
        expect(fillPath(BASE, path, params)).toBe(defaultPathSerializer(BASE + path, params));
      }
    }
    const braced = 'https://api.test.example/{x}';
    expect(fillPath(braced, '/v/{x}', { x: 'q' })).toBe(defaultPathSerializer(`${braced}/v/{x}`, { x: 'q' }));
  });

  it('fills a name that appears twice in both places', () => {
    const params = { id: 'a b' };
    expect(fillPath(BASE, '/x/{id}/y/{id}', params)).toBe('https://api.test.example/x/a%20b/y/a%20b');
    expect(fillPath(BASE, '/x/{id}/y/{id}', params)).toBe(
      defaultPathSerializer(`${BASE}/x/{id}/y/{id}`, params),
    );
  });
});
