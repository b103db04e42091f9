// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project. What a block leaves to the reader (their client and user, rows they already hold)
// is declared here with the type the block's own calls take.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);

const CLIENT = `import { createClient } from '@svc/client';
const client = createClient({ apiKey: 'sk_test_readme' });
const userId = 'a-user-id';
`;
/** By block, in order: what each leaves to the reader. */
const CONTEXT = [
  '',
  CLIENT,
  CLIENT,
  'declare const points: Parameters<typeof bucketByLocalDay>[0];\ndeclare const user: Parameters<typeof userTimeZone>[0];\n',
  'declare const sleepRows: Parameters<typeof sleepSessionOf>[0][];\n',
  '',
];

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const blocks = typescriptBlocks(README);
  expect(blocks).toHaveLength(CONTEXT.length);
  const files = blocks.map((block, index) => `${CONTEXT[index]}${block}`);
  expect(await typecheckSnippets(files, { in: new URL('../../', import.meta.url) })).toBe('');
}, 120_000);
