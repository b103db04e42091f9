// The supported Node versions are written once (tools/node-lines/supported-node.mjs): every published
// package declares that range, and the README names each line CI runs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_LINES, SUPPORTED_NODE } from '../../node-lines/supported-node.mjs';
import { workspacePackages } from '../../release/workspace.mjs';

const repo = resolve(import.meta.dirname, '../../..');

describe('the supported Node versions', () => {
  it('are the engines of every published package', () => {
    const declared = workspacePackages(repo)
      .filter((pkg) => pkg.manifest.private !== true)
      .map((pkg) => [pkg.manifest.name, pkg.manifest.engines?.node]);
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter(([, range]) => range !== SUPPORTED_NODE)).toEqual([]);
  });

  it('are named in the README, line by line', () => {
    const readme = readFileSync(resolve(repo, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${SUPPORTED_NODE}\``);
    for (const line of NODE_LINES) expect(readme).toMatch(new RegExp(`Node ${line}\\b`));
  });
});
