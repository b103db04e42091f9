// The README counts the tools of discover mode and of --store in words, and lists them: both as the server
// registers them (DISCOVER_TOOL_NAMES, STORE_TOOL_NAMES), so a tool added or dropped fails here first.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISCOVER_TOOL_NAMES } from '../../src/internal/discover/discover-tools.js';
import { MAX_TIMELINE_DAYS } from '../../src/internal/store/store-schemas.js';
import { STORE_TOOL_NAMES } from '../../src/internal/store/store-tools.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The number a README sentence states in words, found by `pattern`'s one group. */
function statedCount(pattern: RegExp): number {
  const word = pattern.exec(README)?.[1];
  expect(word, `the README states ${pattern}`).toBeDefined();
  return WORDS.indexOf(word as string);
}

/** The README's section that starts at `heading`, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = README.indexOf(`${heading}\n`);
  expect(start, `the README has ${heading}`).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(' ');
  const rest = README.slice(start + heading.length);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

describe("the README's tool counts", () => {
  it('counts and lists the discover tools as the server registers them', () => {
    expect(statedCount(/`discover`: (\w+) tools \(/)).toBe(DISCOVER_TOOL_NAMES.length);
    const discover = section('### `--tools discover`');
    expect(statedCount(/the server lists (\w+) tools instead of one per operation/)).toBe(
      DISCOVER_TOOL_NAMES.length,
    );
    const listed = [...discover.matchAll(/^- `(\w+) \{/gm)].map((match) => match[1]);
    expect(listed).toEqual([...DISCOVER_TOOL_NAMES]);
  });

  it('counts the store tools and lists them in its table as the server registers them', () => {
    expect(statedCount(/adds (\w+) read-only tools over your synced/)).toBe(STORE_TOOL_NAMES.length);
    const store = section('## Your synced store');
    const rows = [...store.matchAll(/^\| `(\w+)` +\| (.*) \|$/gm)];
    expect(rows.map((row) => row[1])).toEqual([...STORE_TOOL_NAMES]);
    const timeline = rows.find((row) => row[1] === 'store_user_timeline')?.[2];
    expect(timeline).toContain(`at most ${MAX_TIMELINE_DAYS} days (from and to included)`);
  });
});
