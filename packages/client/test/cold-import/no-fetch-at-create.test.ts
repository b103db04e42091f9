import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./create-and-call.ts', import.meta.url));
const client = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

// Node 20 loads its fetch implementation (undici, 16–18 ms on a cold process) the first time the global
// `Request`, `Response` or `Headers` is read, or `fetch` is called. A client on Node sends named calls
// over node:http, so neither creating one nor a named call may make Node load it.
describe('a client on Node sending over node:http', () => {
  it('leaves Node’s fetch implementation unloaded through createClient() and a named call', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', child, client], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(out)).toEqual({ afterCreate: false, afterCall: false, answered: true });
  });
});
