import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./import-only.ts', import.meta.url));
const client = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/** Whether a fresh node process loaded Node's fetch implementation while importing `specifier`. */
function fetchLoadedBy(specifier?: string): boolean {
  const args = ['--import', 'tsx', child, ...(specifier ? [specifier] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 20_000 });
  return (JSON.parse(out) as { fetchLoaded: boolean }).fetchLoaded;
}

// Node 20 loads its whole fetch implementation (about 30 ms) the first time the global `fetch`,
// `Response`, `Request` or `Headers` is read; importing the client must leave that to the first call.
describe('importing the client', () => {
  it('does not load Node’s fetch implementation (a fresh process without the import does not either)', () => {
    expect(fetchLoadedBy()).toBe(false);
    expect(fetchLoadedBy(client)).toBe(false);
  });
});
