// Issue 23: what an editor shows for a call's result is a name (`UserRecord`, `Order`), never
// `components["schemas"]["…"]` or the expanded object. TypeScript's checker prints types as hovers do.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/operations.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const probePath = `${packageDir}test/hovers/probe.ts`;

/** The printed type of `await client.<operationId>(…)`, per operation, read from a program over the source. */
function printedResults(): Map<string, string> {
  const probe = [
    "import type { SvcClient } from '../../src/index.js';",
    'declare const client: SvcClient;',
    'export async function probe() {',
    ...operations.map(
      (operation) => `  const ${operation.id} = await client.${operation.id}(null as never);`,
    ),
    '}',
  ].join('\n');
  const configPath = `${packageDir}tsconfig.json`;
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => (path === probePath ? probe : readFile(path));
  host.fileExists = (
    (exists) => (path: string) =>
      path === probePath || exists(path)
  )(host.fileExists.bind(host));
  const program = ts.createProgram([probePath], config.options, host);
  const checker = program.getTypeChecker();
  const printed = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text !== 'client')
      printed.set(node.name.text, checker.typeToString(checker.getTypeAtLocation(node.name)));
    ts.forEachChild(node, visit);
  };
  const source = program.getSourceFile(probePath);
  if (!source) throw new Error('the probe did not load');
  visit(source);
  return printed;
}

describe('issue 23: hovers show named types', () => {
  it('prints every operation result by a name, never as components["schemas"] or an expanded object', () => {
    const printed = printedResults();

    expect(printed.size).toBe(operations.length);
    for (const [operationId, text] of printed) {
      expect({ operationId, text }).toEqual({
        operationId,
        text: expect.stringMatching(/^[A-Z]\w*(\[\])?$/),
      });
    }
    expect(printed.get('resolveUser')).toBe('UserRecord');
    expect(printed.get('requestPhlebotomyAppointment')).toBe('AppointmentRecord');
  }, 60_000);
});
