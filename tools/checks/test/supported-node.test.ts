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

  it('are named in every published package README that names Node versions, as the engines accept them', () => {
    // `^20.11.0 || ^22.13.0 || >=24.0.0` reads "Node 20.11+, 22.13+ and 24+" (or "… or 24+").
    const floors = SUPPORTED_NODE.split(' || ').map((range) =>
      range
        .replace(/^(\^|>=)/, '')
        .replace(/\.0$/, '')
        .replace(/\.0$/, ''),
    );
    const last = floors.pop();
    const range = new RegExp(
      `Node ${floors.map((floor) => `${floor.replaceAll('.', '\\.')}\\+`).join(', ')} (and|or) ${last}\\+`,
    );
    const readmes = workspacePackages(repo)
      .filter((pkg) => pkg.manifest.private !== true)
      .map((pkg) => [pkg.manifest.name, readFileSync(resolve(pkg.dir, 'README.md'), 'utf8')] as const);
    expect(readmes.length).toBeGreaterThan(0);
    const naming = readmes.filter(([, readme]) => /\bNode v?\d/.test(readme));
    expect(naming.filter(([, readme]) => !range.test(readme)).map(([name]) => name)).toEqual([]);
    // Every other Node version a README names is one of the supported lines (a measurement's Node 20.20).
    const lines = naming.flatMap(([name, readme]) =>
      [...readme.matchAll(/\bNode v?(\d+)/g)].map((match) => [name, Number(match[1])] as const),
    );
    expect(lines.filter(([, line]) => !(NODE_LINES as readonly number[]).includes(line))).toEqual([]);
  });

  it('are named in the README, line by line', () => {
    const readme = readFileSync(resolve(repo, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${SUPPORTED_NODE}\``);
    for (const line of NODE_LINES) expect(readme).toMatch(new RegExp(`Node ${line}\\b`));
  });
});
