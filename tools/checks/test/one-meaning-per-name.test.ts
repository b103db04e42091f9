// A name one package exports means one thing across the workspace: a reader who meets `SummaryRow` or
// `isFinal` in two packages should not have to find out which of two things it is. A name declared in
// two packages is either renamed where it means something else or listed here with the one meaning it
// has in both.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames } from '../exported-names.ts';

const repo = resolve(import.meta.dirname, '../../..');

/** Names declared in more than one package that mean the same thing in each, with that meaning. */
const SAME_MEANING: Record<string, string> = {
  ExtractedBiomarker: "the spec's schema of that name, aliased where each package reads it",
  ParsingJob: "the spec's schema of that name, aliased where each package reads it",
  Refusal: 'a request refused as a result, not thrown across the edge (an MCP tool call, a sandbox world)',
  refusal: 'why a request may not reach a console page (the sync’s, the sandbox’s), or undefined',
  resolveUser: 'the resolveUser operation: the sandbox answers it, the sync calls it',
  sleep: 'a wait of some milliseconds that an abort signal ends early',
  nameErrors: "error classes' names set once, so a minified build keeps them",
  parseDateTime:
    'an ISO date-time read only when its calendar date exists (Date.parse rolls 2026-02-30 over): the FHIR export throws its ValidationError, the sync answers undefined for its CLI to name the option',
  listenFailure:
    "a server CLI's one line for a listen that failed (a busy port, an address not on this machine); each bin keeps its documented exit codes",
};

/** Each name declared by more than one package under `packagesDir`, with where each declares it. */
function sharedNames(packagesDir: string): Map<string, string[]> {
  const byName = new Map<string, Set<string>>();
  for (const pkg of readdirSync(packagesDir).sort()) {
    let names: ReturnType<typeof exportedNames>;
    try {
      names = exportedNames(join(packagesDir, pkg, 'src'));
    } catch {
      continue; // a package without src/
    }
    for (const { name, file } of names) {
      const places = byName.get(name) ?? new Set<string>();
      places.add(`${pkg}/src/${file}`);
      byName.set(name, places);
    }
  }
  const packageOf = (place: string) => place.split('/')[0];
  return new Map(
    [...byName]
      .filter(([, places]) => new Set([...places].map(packageOf)).size > 1)
      .map(([name, places]) => [name, [...places]]),
  );
}

describe('one meaning per name', () => {
  it('has no name two packages declare unless it means the same thing in both', () => {
    const unexplained = [...sharedNames(resolve(repo, 'packages'))]
      .filter(([name]) => !(name in SAME_MEANING))
      .map(([name, places]) => `${name}: ${places.join(', ')}`);
    expect(unexplained).toEqual([]);
  });

  it('finds a name two packages declare, and not one a package re-exports or declares twice itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'one-meaning-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      write('a/src/reply.ts', 'export interface Reply { status: number }\nexport const own = 1;\n');
      write('a/src/index.ts', "export { own } from './reply.js';\n");
      write('a/src/other.ts', 'export type own2 = 1;\nexport function only() {}\n');
      write('b/src/loopback.ts', "export type Reply = 'drop';\nconst own = 2;\n");
      write('b/src/generated/made.ts', 'export function only() {}\n');
      expect([...sharedNames(dir)]).toEqual([['Reply', ['a/src/reply.ts', 'b/src/loopback.ts']]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
