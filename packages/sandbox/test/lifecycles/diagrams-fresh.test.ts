// The lifecycle diagrams are generated from the machines and committed (src/generated/), and the
// repository's freshness check (`pnpm check:generated`: regenerate, then fail on any change under
// packages/*/src/generated) catches a machine changed without regenerating them.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lifecycleDiagramsFile } from '../../scripts/lifecycle-diagrams-file.js';
import { LIFECYCLE_DIAGRAMS } from '../../src/generated/lifecycle-diagrams.js';
import { lifecycleGraph, lifecycleMermaid } from '../../src/machines/lifecycle-graph.js';
import { LIFECYCLES } from '../../src/machines/lifecycles.js';

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const CHECK_CLEAN = fileURLToPath(import.meta.resolve('@svc/tools/check-clean'));
const git = (cwd: string, ...args: string[]) => run('git', args, { cwd });

/** Runs the repository's freshness check in `root`: its exit code and what it printed. */
async function checkClean(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [CHECK_CLEAN], { cwd: root });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the lifecycle diagrams', () => {
  it('are committed as the machines draw them today', async () => {
    const committed = await readFile(join(PACKAGE, 'src/generated/lifecycle-diagrams.ts'), 'utf8');
    expect(committed, 'stale: run `pnpm generate` in packages/sandbox').toBe(
      lifecycleDiagramsFile(LIFECYCLES.map(lifecycleGraph)),
    );
  });

  it('draw every state and transition of each machine, the current state findable by name', () => {
    for (const lifecycle of ['order', 'phlebotomyAppointment', 'pscAppointment', 'parsingJob'] as const) {
      const graph = lifecycleGraph(lifecycle);
      const { svg, mermaid } = LIFECYCLE_DIAGRAMS[lifecycle];
      expect(mermaid).toBe(lifecycleMermaid(lifecycle));
      for (const state of graph.states) expect(svg).toContain(`data-state="${state.name}"`);
      for (const t of graph.transitions) {
        expect(svg).toContain(`data-from="${t.from}" data-to="${t.to}" data-event="${t.event}"`);
        expect(mermaid).toContain(`${t.from} --> ${t.to}: ${t.event}`);
      }
    }
  });

  it('fail the freshness check when a machine changes and they are not regenerated', async () => {
    // A scratch repository laid out like this one (packages/sandbox), with the package's sources committed.
    const root = await mkdtemp(join(tmpdir(), 'svc-lifecycles-'));
    scratch.push(root);
    const copy = join(root, 'packages/sandbox');
    for (const part of ['src', 'scripts', 'package.json'])
      await cp(join(PACKAGE, part), join(copy, part), { recursive: true });
    await symlink(join(PACKAGE, 'node_modules'), join(copy, 'node_modules'), 'dir');
    await writeFile(join(root, '.gitignore'), 'node_modules\n');
    await git(root, 'init', '-q');
    await git(root, 'add', '.');
    await git(root, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base');
    const generate = () =>
      run(process.execPath, ['--import', 'tsx', 'scripts/generate-lifecycle-diagrams.ts'], { cwd: copy });

    await generate();
    expect(await checkClean(root)).toEqual({ code: 0, output: 'Generated code is fresh.\n' });

    // A new transition: a drawn sample can now be cancelled.
    const machine = join(copy, 'src/machines/order-machine.ts');
    const source = await readFile(machine, 'utf8');
    const changed = source.replace(
      "on: { SAMPLE_SHIPPED: to('transit_lab', 'clock: 1 hour after the draw') },",
      "on: { SAMPLE_SHIPPED: to('transit_lab', 'clock: 1 hour after the draw'), CANCEL },",
    );
    expect(changed).not.toBe(source);
    await writeFile(machine, changed);
    await generate();
    const verdict = await checkClean(root);
    expect(verdict.code).toBe(1);
    expect(verdict.output).toContain('packages/sandbox/src/generated/lifecycle-diagrams.ts');
    const { stdout: diff } = await git(root, 'diff', '--', 'packages/sandbox/src/generated');
    expect(diff).toContain('draw_completed --> cancelled: CANCEL');
  });
});
