// The changelog lines `changeset version` writes (.changeset/config.json names this file): each
// changeset's text as its author wrote it for partners. Written here, not taken from
// @changesets/changelog-git (the default), because that one starts every entry with a commit hash, which
// points nowhere a partner can look while there is no public repository, and lists as "updated" a
// dependency released for the first time, which updates nothing a partner had. CommonJS: changesets
// loads it with require(), and Node 20.11 cannot require an ES module.
'use strict';

/**
 * One entry: the changeset's first line as a list item, its further lines indented under it.
 * @param {{ summary: string }} changeset
 * @returns {Promise<string>}
 */
async function getReleaseLine(changeset) {
  const [first = '', ...rest] = changeset.summary.trim().split('\n');
  return [`- ${first.trimEnd()}`, ...rest.map((line) => (line.trim() ? `  ${line.trimEnd()}` : ''))].join(
    '\n',
  );
}

/**
 * The workspace dependencies this release moves to a new version, leaving out those at their first
 * release (0.0.0 is the version of a package never released).
 * @param {unknown[]} _changesets
 * @param {Array<{ name: string, oldVersion: string, newVersion: string }>} dependencies
 * @returns {Promise<string>}
 */
async function getDependencyReleaseLine(_changesets, dependencies) {
  const updated = dependencies.filter((dependency) => dependency.oldVersion !== '0.0.0');
  if (updated.length === 0) return '';
  return [
    '- Updated dependencies:',
    ...updated.map(({ name, newVersion }) => `  - ${name}@${newVersion}`),
  ].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
