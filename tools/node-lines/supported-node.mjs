// The Node versions the published packages support, written once: every public package's
// `engines.node` is this range (tools/checks tests it), and CI runs on each of these lines.
// 20.11+: what these machines and CI run (end of life since 2026-04-30, kept while partners are on it);
// 22.13+: the first 22 with node:sqlite unflagged; 24: the active LTS.

/** `engines.node` of every published package. */
export const SUPPORTED_NODE = '^20.11.0 || ^22.13.0 || >=24.0.0';

/** The release lines CI runs on: the machine's own, the others from the registry's `node` package. */
export const NODE_LINES = /** @type {const} */ ([20, 22, 24]);

/** The lines other than the one running this script (the machine's Node runs the full suite). */
export const otherLines = () =>
  NODE_LINES.filter((line) => line !== Number(process.versions.node.split('.')[0]));
