import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const generated = readFileSync(new URL('../../src/generated/openapi.ts', import.meta.url), 'utf8');
/** Wording about the interface document partners never saw; it belongs in `x-svc-provenance` / `x-svc-source`. */
const DOCUMENT_WORDING =
  /interface document|\bthe document\b|\bsections? \d|\b(Name|Path|Event name) inferred|not shown|\bassumed\)/i;

const comments = [...generated.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((match) => match[0]);

describe('issue 13: the generated types speak to partners', () => {
  it('finds the descriptions to check', () => {
    expect(comments.length).toBeGreaterThan(200);
  });

  it('never cites the interface document or its sections in a type hover', () => {
    const offending = comments.filter((comment) => DOCUMENT_WORDING.test(comment));
    expect(offending).toEqual([]);
  });
});
