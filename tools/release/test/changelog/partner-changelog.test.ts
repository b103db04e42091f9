// What `changeset version` writes into a CHANGELOG.md with this repository's configuration, in a small
// workspace of its own: a package `a` and a package `b` that depends on it, both never released.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../../..');
const changeset = join(repo, 'node_modules/.bin/changeset');
let root = '';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'svc-changelog-test-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'root', private: true }));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
  const dependencies = { b: { a: 'workspace:^' } } as Record<string, Record<string, string>>;
  for (const name of ['a', 'b']) {
    mkdirSync(join(root, 'packages', name), { recursive: true });
    writeFileSync(
      join(root, 'packages', name, 'package.json'),
      JSON.stringify({ name, version: '0.0.0', dependencies: dependencies[name] ?? {} }),
    );
  }
  mkdirSync(join(root, '.changeset'));
  // The repository's own configuration, with the formatter where the copy finds it (beside .changeset).
  const config = JSON.parse(readFileSync(join(repo, '.changeset/config.json'), 'utf8'));
  mkdirSync(join(root, 'tools/release'), { recursive: true });
  cpSync(join(repo, 'tools/release/changelog.cjs'), join(root, 'tools/release/changelog.cjs'));
  writeFileSync(join(root, '.changeset/config.json'), JSON.stringify(config));
  git('init', '-q', '-b', 'main');
  commit('workspace');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function git(...args: string[]) {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@svc.invalid', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
}
function commit(message: string) {
  git('add', '-A');
  git('commit', '-q', '-m', message);
}
/** Writes a changeset, commits it (changesets looks up the commit that added it) and versions. */
function release(file: string, front: string, text: string) {
  writeFileSync(join(root, '.changeset', `${file}.md`), `---\n${front}\n---\n\n${text}\n`);
  commit(`changeset ${file}`);
  execFileSync(changeset, ['version'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  commit(`version ${file}`);
}
const changelog = (name: string) => readFileSync(join(root, 'packages', name, 'CHANGELOG.md'), 'utf8');

describe('the CHANGELOG.md a partner reads', () => {
  it("is the changeset's text as written, with no commit hash, its list nested under its first line", () => {
    const first = 'First release: does a thing.\n\n- **Do it**: `a()` does it.\n- **Undo it**: `b()`.';
    release('first-a', '"a": minor\n"b": minor', first);
    expect(changelog('a')).toBe(
      '# a\n\n## 0.1.0\n\n### Minor Changes\n\n- First release: does a thing.\n\n  - **Do it**: `a()` does it.\n  - **Undo it**: `b()`.\n',
    );
    expect(changelog('b')).not.toMatch(/[0-9a-f]{7}/);
  });

  it('lists no dependency as updated in a first release, and lists one released before when it moves', () => {
    release('first', '"a": minor\n"b": minor', 'First release.');
    expect(changelog('b')).not.toContain('Updated dependencies');
    release('more-a', '"a": minor', 'Adds a thing.');
    expect(changelog('b')).toContain(
      '## 0.1.1\n\n### Patch Changes\n\n- Updated dependencies:\n  - a@0.2.0\n',
    );
  });
});
