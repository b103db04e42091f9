// The files `exports` publishes, as built (turbo's test task builds first). `#node-http` and
// `#attempt-tracer` map into src/, which is not published, so the build must have resolved them away;
// and only Node's build may carry node:http and node:diagnostics_channel.
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
      /(?:\bimport\s*\(|\brequire\s*\(|\bfrom\s*)\s*["']((?:node:)?(?:https?|zlib|net|tls|diagnostics_channel))["']/g,
    ),
  ].map((match) => match[1]);

describe('the published build', () => {
  it('resolves #node-http and #attempt-tracer in every file, so the unpublished src/ is never reached', () => {
    expect(published).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts']));
    for (const file of published) {
      expect(read(file), file).not.toContain('#node-http');
      expect(read(file), file).not.toContain('#attempt-tracer');
    }
  });

  it('loads no node:http, node:https, node:zlib or node:diagnostics_channel in the build for browsers, workers, Deno, Bun and workerd', () => {
    expect(builtinsIn(read('index.js'))).toEqual([]);
    expect(builtinsIn(read('index.cjs'))).toEqual([]);
  });

  it('carries the node:http transport and the attempt channel in the build for Node', () => {
    for (const file of ['node/index.js', 'node/index.cjs'])
      expect(new Set(builtinsIn(read(file))), file).toEqual(
        new Set(['https', 'http', 'zlib', 'diagnostics_channel']),
      );
  });
});
