import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CLI_OPTIONS } from '../../src/cli-options.js';
import { CONTROL_ROUTES, lifecyclesMarkdown, type SandboxOptions, SCENARIOS } from '../../src/index.js';
import { SCENARIO_RESOURCES } from '../../src/world/state/scenarios.js';

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

/** The first cell of every row of a README section's table (header and rule rows left out). */
function firstCells(name: string): string[] {
  const text = readFileSync(README, 'utf8');
  const section = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(text)?.[1];
  expect(section, `README.md has a ${name} section`).toBeDefined();
  return (section as string)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split('|')[1]?.trim() as string);
}

/** Every option of createSandbox: a new option fails to compile here until it is listed. */
const SANDBOX_OPTIONS: Record<keyof SandboxOptions, true> = {
  seed: true,
  strict: true,
  clock: true,
  startTime: true,
  historyDays: true,
  url: true,
  apiKey: true,
  webhooks: true,
  webhookFetch: true,
  webhookRetryDelaysMs: true,
  rateLimit: true,
  onCommit: true,
  spec: true,
};

const control = load(readFileSync(new URL('../../control-openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { summary: string }>>;
};

describe('issue 22: the README tables are generated or checked', () => {
  it('lists every control route with its summary, read from control-openapi.yaml', () => {
    const rows = Object.values(CONTROL_ROUTES).map(
      ([method, path]) =>
        `| \`${method} ${path}\` | ${control.paths[path]?.[method.toLowerCase()]?.summary} |`,
    );
    expectSection('routes', ['| route | effect |', '| --- | --- |', ...rows].join('\n'));
  });

  it('lists every flag of svc-sandbox, and no other', () => {
    const listed = firstCells('cli-options').flatMap((cell) =>
      [...cell.matchAll(/`--([a-z-]+)/g)].map((m) => m[1] as string),
    );
    const flags = Object.keys(CLI_OPTIONS).filter((flag) => flag !== 'help');
    expect([...listed].sort()).toEqual([...flags].sort());
  });

  it('lists every option of createSandbox, and no other', () => {
    const listed = firstCells('options').map((cell) => cell.replace(/`/g, ''));
    expect([...listed].sort()).toEqual(Object.keys(SANDBOX_OPTIONS).sort());
  });

  it('lists every error code the sandbox answers with, and no other', () => {
    const src = new URL('../../src/', import.meta.url);
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const codes = new Set<string>();
    for (const file of files) {
      const text = readFileSync(new URL(file, src), 'utf8');
      for (const pattern of [
        /HttpError\(\s*\d{3},\s*'([a-z_]+)'/g,
        // A world's refusals, in its own terms (world/state/refusal.ts): http/ gives each its status.
        /\b(?:invalid|conflict)\(\s*'([a-z_]+)'/g,
        /new Refusal\(\s*'[a-z_]+',\s*'([a-z_]+)'/g,
        /error: \{ code: '([a-z_]+)'/g,
        /refuse\(res, [^,]+, \d{3}, '([a-z_]+)'/g,
        /"code":"([a-z_]+)"/g,
        /^\s+code: '([a-z_]+)',\n\s+message: `Answered/gm,
      ])
        for (const match of text.matchAll(pattern)) codes.add(match[1] as string);
    }
    const listed = firstCells('error-codes').map((cell) => cell.replace(/`/g, ''));
    expect([...listed].sort()).toEqual([...codes].sort());
  });
});
