// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const blocks = typescriptBlocks(README);
  expect(blocks).toHaveLength(1);
  expect(await typecheckSnippets(blocks, { in: new URL('../../', import.meta.url) })).toBe('');
}, 120_000);
