import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lifecyclesMarkdown, SCENARIOS } from '../../src/index.js';
import { SCENARIO_RESOURCES } from '../../src/world/scenarios.js';

const README = new URL('../../README.md', import.meta.url);
const WRITE = process.env.SVC_SANDBOX_WRITE_README === '1';

/** Markdown with table padding removed: the formatter aligns tables, the generator does not. */
const unpadded = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');

/** The README section between `<!-- name:start -->` and `<!-- name:end -->` must be `content`. */
function expectSection(name: string, content: string) {
  const text = readFileSync(README, 'utf8');
  const pattern = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
  expect(text, `README.md has a ${name} section`).toMatch(pattern);
  const current = text.replace(pattern, `$1${content}\n$2`);
  if (WRITE) writeFileSync(README, current);
  expect(
    unpadded(text),
    'README.md is out of date: run `SVC_SANDBOX_WRITE_README=1 npx vitest run test/lifecycles/readme.test.ts`',
  ).toBe(unpadded(current));
}

describe('the README', () => {
  it('lists every transition of every lifecycle, read from the machines', () => {
    expectSection('lifecycles', lifecyclesMarkdown());
  });

  it('lists every scenario', () => {
    const rows = Object.entries(SCENARIOS).map(
      ([name, text]) =>
        `| \`${name}\` | ${SCENARIO_RESOURCES[name as keyof typeof SCENARIOS].join(', ')} | ${text} |`,
    );
    expectSection(
      'scenarios',
      ['| scenario | shapes | what happens |', '| --- | --- | --- |', ...rows].join('\n'),
    );
  });
});
