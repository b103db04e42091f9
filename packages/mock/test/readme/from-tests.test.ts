// The README's "From tests" examples, read from the README: the first runs as a partner's file (plain
// `node`, a fresh process) and must print what its comment shows; the second is a vitest global setup,
// loaded as vitest loads one and called with a project that records what it provides.
import { readmeBlock, runSnippet, scratchFile, shownFigure } from '@svc/tools/readme-snippets';
import { describe, expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const PACKAGE = new URL('../../', import.meta.url);

describe("the README's From tests examples", () => {
  it('startMock() answers a call with the status the README shows, then stops', async () => {
    const code = readmeBlock(README, 'from-tests');
    const { stdout } = await runSnippet(code, { in: PACKAGE, timeoutMs: 60_000 });
    expect(stdout).toBe(`${shownFigure(code, 'console.log(response.status)')}\n`);
  });

  it('the global setup provides mockUrl, a mock that answers, and stops it when the run ends', async () => {
    const file = scratchFile(
      new URL(`readme-global-setup.${process.pid}.ts`, PACKAGE),
      readmeBlock(README, 'global-setup'),
    );
    const provided = new Map<string, unknown>();
    const setup = (await import(/* @vite-ignore */ file)) as {
      default: (project: { provide: (key: string, value: unknown) => void }) => Promise<() => Promise<void>>;
    };
    const teardown = await setup.default({ provide: (key, value) => provided.set(key, value) });
    const url = String(provided.get('mockUrl'));
    const response = await fetch(`${url}/v2/providers`, { headers: { 'x-svc-api-key': 'test' } });
    expect(response.status).toBe(200);
    await teardown();
    await expect(fetch(`${url}/v2/providers`)).rejects.toThrow();
  });
});
