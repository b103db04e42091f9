// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project. A block that continues another, or names what the reader has already, is checked
// with that context stated here.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);

/** What the BullMQ block takes as given: a client, the store's address, the team, the run's scope. */
const BULLMQ_CONTEXT = `import { createClient } from '@svc/client';
import { createSync, openStore, teamFingerprint } from '@svc/sync';
const client = createClient({ apiKey: 'sk_test' });
const team = teamFingerprint('sk_test');
declare const PG_URL: string;
declare const users: string[];
declare const from: string;
declare const to: string;
`;

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const [inYourCode, inYourRoute, erasure, bullmq, ...more] = typescriptBlocks(README);
  expect(more).toEqual([]);
  const route = `${inYourCode}\ndeclare const event: import('@svc/events').WebhookEvent;\n${inYourRoute}`;
  expect(
    await typecheckSnippets([inYourCode ?? '', route, erasure ?? '', `${BULLMQ_CONTEXT}${bullmq}`], {
      in: new URL('../../', import.meta.url),
    }),
  ).toBe('');
}, 120_000);
