import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const srcDir = new URL('../../src/', import.meta.url);
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, srcDir), 'utf8') }));

describe('runtime portability', () => {
  it('uses only web-standard APIs in the library, so it runs on edge runtimes (no node: imports, Buffer or process)', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, text } of sources) {
      const code = text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect({ file, node: /from\s+['"]node:|require\(/.test(code) }).toEqual({ file, node: false });
      expect({ file, globals: /\b(Buffer|process)\./.test(code) }).toEqual({ file, globals: false });
    }
  });
});
