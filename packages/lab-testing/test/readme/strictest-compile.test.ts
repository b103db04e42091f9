// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project: the PSC block continues the walkthrough, so it is checked after it.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const PACKAGE = new URL('../../', import.meta.url);

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const [walkthrough, psc, label, ...more] = typescriptBlocks(README);
  // A new block fails here until it is checked below.
  expect(more).toEqual([]);
  expect(
    await typecheckSnippets([walkthrough ?? '', `${walkthrough}\n${psc}`, label ?? ''], { in: PACKAGE }),
  ).toBe('');
}, 120_000);
