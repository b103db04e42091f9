// The release gate's decision, without I/O: breaking spec changes + pending changesets + the
// workspace packages → pass, or fail with a message naming each change, the packages it reaches and
// the fix. check-breaking.mjs gathers the inputs; the tests give them by hand.
import parseChangeset from '@changesets/parse';

/**
 * @typedef {import('./spec-changes.mjs').SpecChange} SpecChange
 * @typedef {'none' | 'patch' | 'minor' | 'major'} Bump
 * @typedef {object} WorkspacePackage
 * @property {string} name
 * @property {string} version its version as released (what partners' ranges are written against)
 * @property {boolean} private
 * @property {string[]} dependencies workspace packages it depends on (any dependency field)
 * @property {string} source its `src/` text, generated code included: what it names of the spec
 * @typedef {object} TypeTestFailure a type test of the last release that no longer type-checks
 * @property {string} packageName the package whose test it is
 * @property {string} file
 * @property {string} message
 */

const BUMPS = /** @type {const} */ (['none', 'patch', 'minor', 'major']);
/** The package generated from the spec: every spec change reaches it. */
export const TYPES_PACKAGE = '@svc/types';

/**
 * The bump a breaking change needs so that partners' caret ranges do not take it: `^0.1.0` stops before
 * 0.2.0 but `^1.2.0` only before 2.0.0, so a minor while a package is 0.x, a major from 1.0 on.
 */
export function breakingBump(/** @type {string} */ version) {
  return /** @type {Bump} */ (version.startsWith('0.') ? 'minor' : 'major');
}

/** The strongest bump that the pending changesets ask for, per package. */
export function changesetBumps(/** @type {string[]} */ contents) {
  /** @type {Map<string, Bump>} */
  const bumps = new Map();
  for (const text of contents) {
    for (const { name, type } of parseChangeset(text).releases) {
      const bump = /** @type {Bump} */ (type);
      if (BUMPS.indexOf(bump) > BUMPS.indexOf(bumps.get(name) ?? 'none')) bumps.set(name, bump);
    }
  }
  return bumps;
}

/** Public packages that depend on `root`, directly or through other workspace packages. */
function dependentsOf(/** @type {string} */ root, /** @type {WorkspacePackage[]} */ packages) {
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const pkg of packages) {
      if (!found.has(pkg.name) && pkg.dependencies.some((name) => found.has(name))) {
        found.add(pkg.name);
        grew = true;
      }
    }
  }
  return packages.filter((pkg) => found.has(pkg.name) && pkg.name !== root && !pkg.private);
}

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The published packages a change reaches: the types always, and every public package built on them
 * whose code names the changed operation (by operationId), event (by name) or component (quoted),
 * so the list follows the code rather than a table kept by hand.
 */
export function reachedPackages(
  /** @type {SpecChange} */ change,
  /** @type {WorkspacePackage[]} */ packages,
) {
  const mention =
    change.area === 'operation'
      ? new RegExp(`\\b${escapeRegExp(change.name)}\\b`)
      : change.area === 'webhook'
        ? new RegExp(escapeRegExp(change.name))
        : new RegExp(`(['"\`])${escapeRegExp(change.name)}\\1`);
  const users = dependentsOf(TYPES_PACKAGE, packages).filter((pkg) => mention.test(pkg.source));
  return [TYPES_PACKAGE, ...users.map((pkg) => pkg.name)];
}

/**
 * @param {{
 *   changes: SpecChange[],
 *   bumps: Map<string, Bump>,
 *   packages: WorkspacePackage[],
 *   typeTestFailures?: TypeTestFailure[],
 *   releasedFrom: string,
 * }} input
 */
export function breakingVerdict({ changes, bumps, packages, typeTestFailures = [], releasedFrom }) {
  const breaking = changes
    .filter((change) => change.type === 'breaking')
    .map((change) => ({ change, packages: reachedPackages(change, packages) }));
  const reached = new Set([
    ...breaking.flatMap((entry) => entry.packages),
    ...typeTestFailures.map((failure) => failure.packageName),
  ]);
  const needed = (/** @type {string} */ name) =>
    breakingBump(packages.find((pkg) => pkg.name === name)?.version ?? '1.0.0');
  const missing = [...reached]
    .filter((name) => BUMPS.indexOf(bumps.get(name) ?? 'none') < BUMPS.indexOf(needed(name)))
    .sort();
  const counts = `${breaking.length} breaking, ${changes.length - breaking.length} other`;
  if (missing.length === 0) {
    const why =
      reached.size === 0
        ? 'no breaking change'
        : `breaking changes covered by changesets (minor while 0.x, major from 1.0) for ${[...reached].sort().join(', ')}`;
    return { ok: true, missing, message: `Spec changes since ${releasedFrom}: ${counts}; ${why}.` };
  }
  const lines = [
    `Breaking changes since ${releasedFrom} have no changeset that partners' version ranges stop at (${counts}):`,
  ];
  for (const { change, packages: names } of breaking) {
    lines.push(`  - ${change.where}: ${change.description} (reaches ${names.join(', ')})`);
  }
  for (const failure of typeTestFailures) {
    lines.push(
      `  - ${failure.packageName}: the released type test ${failure.file} no longer type-checks: ${failure.message}`,
    );
  }
  lines.push(
    '',
    `Fix: add a changeset (minor for a 0.x package, major from 1.0): pnpm changeset (select ${missing.join(', ')},`,
    'choose the bump below, and write one line telling partners what changed and what to do), or write',
    '.changeset/<name>.md yourself:',
    '---',
    ...missing.map((name) => `"${name}": ${needed(name)}`),
    '---',
    '<what changed for partners and what they do about it>',
    'If the change is not meant to break partners, make it additive instead (a new optional field or',
    'parameter, a new value of a non-exhaustive enum).',
  );
  return { ok: false, missing, message: lines.join('\n') };
}
