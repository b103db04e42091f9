// Issue 43: partners with the strictest settings paste what the README prints. Every TypeScript block of
// it compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, as a file of a
// partner's project. The two console examples import the setup the README shows before them
// (`./console-telemetry.js`): each is checked with that setup in front of it, in place of the import.
import { STRICTEST_SETTINGS, typecheckSnippets, typescriptBlocks } from '@svc/tools/readme-snippets';
import { expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const SETUP_IMPORT = "import { startConsoleTelemetry } from './console-telemetry.js';\n";

/** An example that imports the console setup, with the setup's code in place of that import. */
function withSetup(setup: string, example: string): string {
  expect(example).toContain(SETUP_IMPORT);
  return `${setup}\n${example.replace(SETUP_IMPORT, '')}`;
}

it(`issue 43: every TypeScript example of the README compiles under ${Object.keys(STRICTEST_SETTINGS).join(', ')}`, async () => {
  const blocks = typescriptBlocks(README);
  expect(blocks).toHaveLength(4);
  const [nodeSdk = '', setup = '', consoleCall = '', consoleSync = ''] = blocks;
  const files = [nodeSdk, setup, withSetup(setup, consoleCall), withSetup(setup, consoleSync)];
  expect(await typecheckSnippets(files, { in: new URL('../../', import.meta.url) })).toBe('');
}, 120_000);
