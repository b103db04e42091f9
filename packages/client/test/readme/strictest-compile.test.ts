// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project. What a block leaves to the reader (the client `svc` of the set-up, an order id, a
// file's bytes) is declared here.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);

/** The set-up's client, as the first block makes it. */
const SVC = `import { createClient as createReadmeClient } from '@svc/client';
const svc = createReadmeClient({ apiKey: 'sk_test_readme' });
`;
/** By block, in order: what each leaves to the reader. */
const CONTEXT = [
  '',
  `${SVC}declare const orderId: string, address: { first_line: string }, pdfBlob: Blob;\n`,
  `${SVC}declare const order: { user_id: string }, controller: AbortController, cartId: string, traceId: string;\n`,
  `${SVC}declare const labTestId: string;\n`,
  `${SVC}declare const user_id: string;\n`,
  `${SVC}declare const month: { user_id: string; start_date: string; end_date: string };\n`,
  `${SVC}declare const pdfBlob: Blob, bytes: Uint8Array;\n`,
  SVC,
  `${SVC}declare const lab_test_id: string;\n`,
  `${SVC}declare const scheduleLater: (ms: number | undefined) => void, queueForRetry: () => void;\n`,
  `${SVC}declare const user_id: string;\n`,
];

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const blocks = typescriptBlocks(README);
  expect(blocks).toHaveLength(CONTEXT.length);
  const files = blocks.map((block, index) => `${CONTEXT[index]}${block}`);
  expect(await typecheckSnippets(files, { in: new URL('../../', import.meta.url) })).toBe('');
}, 120_000);
