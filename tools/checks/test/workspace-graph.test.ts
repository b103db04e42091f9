// The workspace's packages form a graph that points one way: no package depends on one that depends,
// however far down, on it (dependencies and devDependencies alike; a devDependency is a test or a
// generator run, and a circle there hides a build order nobody can state). With the path check beside
// it, nothing reaches another package but through this graph.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getPackagesSync } from '@manypkg/get-packages';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const KINDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** Each workspace package's name → the workspace packages it declares, of any kind. */
function workspaceGraph(): Map<string, string[]> {
  const { packages } = getPackagesSync(repo);
  const names = new Set(packages.map((pkg) => pkg.packageJson.name));
  return new Map(
    packages.map((pkg) => {
      const manifest = pkg.packageJson as unknown as Partial<Record<string, Record<string, string>>>;
      const declared = KINDS.flatMap((kind) => Object.keys(manifest[kind] ?? {}));
      return [pkg.packageJson.name, [...new Set(declared.filter((name) => names.has(name)))]];
    }),
  );
}

/** Every circle of the graph, each as the names along it (`a → b → a`); a depth-first walk. */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const walk = (name: string, path: string[]) => {
    const at = path.indexOf(name);
    if (at >= 0) {
      found.push([...path.slice(at), name].join(' → '));
      return;
    }
    if (done.has(name)) return;
    for (const next of graph.get(name) ?? []) walk(next, [...path, name]);
    done.add(name);
  };
  for (const name of graph.keys()) walk(name, []);
  return found;
}

describe('the workspace graph', () => {
  it('has no circle, devDependencies included', () => {
    const graph = workspaceGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  it('holds, for each package, the workspace packages whose bins its scripts run', () => {
    const { packages } = getPackagesSync(repo);
    const graph = workspaceGraph();
    const bins = packages.flatMap((pkg) => {
      const { bin } = pkg.packageJson as { bin?: string | Record<string, string> };
      const names =
        typeof bin === 'string' ? [pkg.packageJson.name.replace(/^@[^/]+\//, '')] : Object.keys(bin ?? {});
      return names.map((command) => ({ command, owner: pkg.packageJson.name }));
    });
    expect(bins.map((bin) => bin.command)).toContain('svc-codegen');
    const undeclared = packages.flatMap((pkg) => {
      const { scripts = {} } = pkg.packageJson as { scripts?: Record<string, string> };
      const run = Object.values(scripts).join('\n');
      return bins
        .filter(
          ({ command, owner }) =>
            owner !== pkg.packageJson.name && new RegExp(`(^|[\\s;&|])${command}\\b`, 'm').test(run),
        )
        .filter(({ owner }) => !graph.get(pkg.packageJson.name)?.includes(owner))
        .map(({ command, owner }) => `${pkg.packageJson.name} runs ${command} without declaring ${owner}`);
    });
    expect(undeclared).toEqual([]);
  });

  it("builds, before a package's own build, every workspace package it imports at run time", () => {
    // A package turbo.json that states its build's dependsOn replaces the root's `^build`: it must then
    // name each runtime dependency's build itself, or `pnpm start` in a fresh clone runs the sandbox
    // before the client it imports exists.
    const { packages } = getPackagesSync(repo);
    const names = new Set(packages.map((pkg) => pkg.packageJson.name));
    const missing = packages.flatMap((pkg) => {
      const file = join(pkg.dir, 'turbo.json');
      if (!existsSync(file)) return [];
      const dependsOn = (
        JSON.parse(readFileSync(file, 'utf8')) as { tasks?: Record<string, { dependsOn?: string[] }> }
      ).tasks?.build?.dependsOn;
      if (!dependsOn || dependsOn.includes('^build')) return [];
      const { dependencies = {}, peerDependencies = {} } = pkg.packageJson as {
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      return [...Object.keys(dependencies), ...Object.keys(peerDependencies)]
        .filter((name) => names.has(name) && !dependsOn.includes(`${name}#build`))
        .map((name) => `${pkg.packageJson.name}'s build does not wait for ${name}#build`);
    });
    expect(missing).toEqual([]);
  });
});
