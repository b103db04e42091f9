// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project. What a block leaves to the reader (their handler, their logger, the body they read)
// is declared here, loosely (any): the check is on the README's own code.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);

const yours = (...names: string[]) =>
  `declare const ${names.map((name) => `${name}: (...args: any[]) => Promise<any>`).join(', ')};\n`;
/** By block, in order: what each leaves to the reader. */
const CONTEXT = [
  yours('handle'),
  yours('handle'),
  `${yours('saveSleepCycle', 'onConnected', 'refreshParsingJob', 'syncResource')}declare const log: { info(...args: unknown[]): Promise<void> };\n`,
  'declare const rawBody: string, headers: Headers;\n',
  yours('myCheck'),
  'declare const handler: (request: Request) => Promise<Response>;\n',
];

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const blocks = typescriptBlocks(README);
  expect(blocks).toHaveLength(CONTEXT.length);
  const files = blocks.map((block, index) => `${block}\n${CONTEXT[index]}`);
  expect(await typecheckSnippets(files, { in: new URL('../../', import.meta.url) })).toBe('');
}, 120_000);
