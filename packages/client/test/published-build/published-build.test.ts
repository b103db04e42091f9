// The files `exports` publishes, as built (turbo's test task builds first). `#node-http` maps into
// src/, which is not published, so the build must have resolved it away; and only Node's build may
// carry node:http.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = new URL('../../dist/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dist), 'utf8');
const published = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
  /\.(c?js|d\.c?ts)$/.test(file),
);
/** Every module the file imports or requires by a bare name: Node's built-ins show up here. */
const builtinsIn = (code: string) =>
  [
    ...code.matchAll(
      /(?:\bimport\s*\(|\brequire\s*\(|\bfrom\s*)\s*["']((?:node:)?(?:https?|zlib|net|tls))["']/g,
    ),
  ].map((match) => match[1]);

describe('the published build', () => {
  it('resolves #node-http in every file, so the unpublished src/ is never reached', () => {
    expect(published).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts']));
    for (const file of published) expect(read(file), file).not.toContain('#node-http');
  });

  it('loads no node:http, node:https or node:zlib in the build for browsers, workers, Deno, Bun and workerd', () => {
    expect(builtinsIn(read('index.js'))).toEqual([]);
    expect(builtinsIn(read('index.cjs'))).toEqual([]);
  });

  it('carries the node:http transport in the build for Node, loaded on the first call', () => {
    for (const file of ['node/index.js', 'node/index.cjs'])
      expect(new Set(builtinsIn(read(file))), file).toEqual(new Set(['https', 'http', 'zlib']));
  });
});
