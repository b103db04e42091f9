// A README's examples, read from the README itself, so a test runs what partners read and compares what
// it prints with what the README says it prints: neither can drift from the other.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { onTestFinished } from 'vitest';

/**
 * The code of the fenced block between `<!-- name:start -->` and `<!-- name:end -->` in a README.
 * The markers are HTML comments: GitHub and npm do not show them.
 */
export function readmeBlock(readme: URL | string, name: string): string {
  const text = readFileSync(readme, 'utf8');
  const between = new RegExp(
    `<!-- ${name}:start -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`,
  );
  const code = between.exec(text)?.[1];
  if (code === undefined) throw new Error(`${readme} has no fenced block between <!-- ${name}:start/end -->`);
  return code;
}

/** One `$ command` of a recorded session and the lines it printed (`…` on its own line: lines left out). */
export type RecordedRun = { command: string; printed: string[] };

/**
 * The commands of a recorded terminal session (`$ ` lines; a trailing `\` continues one on the next line)
 * with the lines each printed, up to the next command.
 */
export function recordedRuns(session: string): RecordedRun[] {
  const runs: RecordedRun[] = [];
  let continuing = false;
  for (const line of session.split('\n')) {
    const current = runs.at(-1);
    if (continuing && current) current.command += ` ${line.trim()}`;
    else if (line.startsWith('$ ')) runs.push({ command: line.slice(2), printed: [] });
    else {
      if (line.trim() !== '') current?.printed.push(line);
      continue;
    }
    const run = runs.at(-1) as RecordedRun;
    continuing = run.command.endsWith('\\');
    if (continuing) run.command = run.command.slice(0, -1).trimEnd();
  }
  return runs;
}

/**
 * What a run printed, in the README's terms: the lines the README leaves out (where it shows `…`) become
 * one `…`. When the run printed what the README says, the result equals `printed`, so
 * `expect(asRecorded(printed, output)).toEqual(printed)` shows any difference line by line.
 */
export function asRecorded(printed: readonly string[], output: string): string[] {
  const lines = output === '' ? [] : output.replace(/\n$/, '').split('\n');
  // The stretches of lines shown between the `…` lines: the first starts the output, the last ends it.
  const shown = printed
    .join('\n')
    .split(/^…$/m)
    .map((stretch) => stretch.replace(/^\n|\n$/g, ''))
    .map((stretch) => (stretch === '' ? [] : stretch.split('\n')));
  const result: string[] = [];
  let at = 0;
  for (const [index, stretch] of shown.entries()) {
    const matchesAt = (start: number) => stretch.every((line, i) => lines[start + i] === line);
    let found = -1;
    if (index === 0) found = matchesAt(0) ? 0 : -1;
    else if (index === shown.length - 1) found = lines.length - stretch.length;
    else
      for (let start = at; found < 0 && start + stretch.length <= lines.length; start++)
        if (matchesAt(start)) found = start;
    if (found < at || !matchesAt(found)) return lines;
    if (index > 0) result.push('…');
    result.push(...stretch);
    at = found + stretch.length;
  }
  return at === lines.length ? result : lines;
}

/** Where and how {@link runSnippet} runs a README's code. */
export type SnippetRun = {
  /** The package folder the file is written to, so its imports resolve as they do in a partner's project. */
  in: URL;
  /** Run through tsx (the package must depend on it); otherwise plain `node` runs it as an ES module. */
  typescript?: boolean;
  /** The working folder (the README's `report.pdf`, `out/`): default the package folder. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
};

let snippets = 0;

/**
 * Writes `text` to `file` (inside a package, so its imports resolve as in a partner's project) and removes
 * it when the test ends, a test that timed out included: a `finally` does not run once vitest has closed
 * a timed-out test's worker. Outside a test, the caller removes it. Gives the file's path.
 */
export function scratchFile(file: URL, text: string): string {
  const path = fileURLToPath(file);
  writeFileSync(path, text);
  try {
    onTestFinished(() => rmSync(path, { force: true }));
  } catch {
    // Not inside a test (a hook, a script): the caller's own clean-up removes it.
  }
  return path;
}

/**
 * Runs a README's code as a partner runs a file of it (a fresh `node` process, tsx for TypeScript) and
 * resolves with what it printed; a run that exits with an error rejects with it (its `stdout`, `stderr`).
 * The file is written inside the package and removed afterwards, at the latest when the test ends (a
 * test that timed out included), which also stops the run.
 */
export async function runSnippet(code: string, run: SnippetRun): Promise<{ stdout: string; stderr: string }> {
  snippets += 1;
  const file = scratchFile(
    new URL(`readme-snippet.${process.pid}.${snippets}.${run.typescript ? 'mts' : 'mjs'}`, run.in),
    code,
  );
  const loader = run.typescript ? ['--import', pathToFileURL(createRequire(run.in).resolve('tsx')).href] : [];
  // A test that times out ends before its run: vitest then closes the worker, and the `finally` below
  // never comes. The run ends with the test, whatever its outcome (scratchFile removes the file then).
  const ended = new AbortController();
  try {
    onTestFinished(() => ended.abort());
  } catch {
    // Not inside a test (a hook, a script): the run's timeout ends it, the `finally` removes the file.
  }
  try {
    return await promisify(execFile)(process.execPath, [...loader, file], {
      cwd: run.cwd ?? fileURLToPath(run.in),
      env: run.env ?? process.env,
      timeout: run.timeoutMs ?? 30_000,
      signal: ended.signal,
    });
  } finally {
    rmSync(file, { force: true });
  }
}

/** Every TypeScript block (```ts) of a README, in order. */
export function typescriptBlocks(readme: URL | string): string[] {
  const text = readFileSync(readme, 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);
}

/** The settings of the strictest partners: a README's TypeScript must compile under them as printed. */
export const STRICTEST_SETTINGS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
} as const;

/**
 * Type-checks each of `files` (a README's code, whole modules) as a file of a partner's project inside
 * the package `in`, under STRICTEST_SETTINGS with Node's module resolution; resolves with tsc's
 * diagnostics, '' when every file compiles. The files and their tsconfig are removed when the test ends.
 */
export async function typecheckSnippets(files: readonly string[], run: { in: URL; timeoutMs?: number }) {
  snippets += 1;
  const names = files.map((code, index) => {
    const name = `readme-typecheck.${process.pid}.${snippets}.${index}.mts`;
    scratchFile(new URL(name, run.in), code);
    return name;
  });
  const config = `readme-typecheck.${process.pid}.${snippets}.tsconfig.json`;
  const tsconfig = {
    compilerOptions: {
      ...STRICTEST_SETTINGS,
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      noEmit: true,
      // The published declarations are checked by the packages' own builds and attw.
      skipLibCheck: true,
    },
    files: names,
  };
  const path = scratchFile(new URL(config, run.in), JSON.stringify(tsconfig));
  const tsc = createRequire(run.in).resolve('typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', path, '--pretty', 'false'], {
      cwd: fileURLToPath(run.in),
      timeout: run.timeoutMs ?? 120_000,
    });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout === undefined) throw error;
    return `${stdout}${stderr ?? ''}`.trim();
  }
}

/**
 * The figure a README's code shows for an expression in a comment after it (`response.status; // 200`
 * gives `200`), so a test can compare it with what the run printed for that expression.
 */
export function shownFigure(code: string, expression: string): string {
  const line = code.split('\n').find((candidate) => candidate.trim().startsWith(`${expression}; // `));
  if (line === undefined) throw new Error(`the code shows no figure for \`${expression}\``);
  return line.slice(line.indexOf('; // ') + 5).trim();
}
