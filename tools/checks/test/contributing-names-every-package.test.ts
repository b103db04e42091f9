// CONTRIBUTING.md's "Each package and its seam" names every package of the workspace, each with the
// place to start reading it: a new package is not done until a contributor can find its seam there.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getPackagesSync } from '@manypkg/get-packages';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const HEADING = '## Each package and its seam';

/** The section's list items (a nested one is an item of its own), each joined into one line. */
function seamEntries(): string[] {
  const text = readFileSync(resolve(repo, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf(HEADING);
  expect(start, `CONTRIBUTING.md has a "${HEADING}" section`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + HEADING.length);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return section
    .split(/^\s*- /m)
    .slice(1)
    .map((item) => item.replace(/\s+/g, ' '));
}

describe("CONTRIBUTING.md's packages and their seams", () => {
  it('names every workspace package, in an entry that points at a file or folder', () => {
    const entries = seamEntries();
    const missing = getPackagesSync(repo)
      .packages.map((pkg) => pkg.packageJson.name)
      .filter((name) => {
        const entry = entries.find((item) => item.includes(`\`${name}\``));
        // A seam is a place: the entry names a source file or a folder (`src/store.ts`, `config/`).
        return entry === undefined || !/`[^`]*(?:\.[cm]?[jt]s|\/)`/.test(entry);
      });
    expect(missing).toEqual([]);
  });
});
