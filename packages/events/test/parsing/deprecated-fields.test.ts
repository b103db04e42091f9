// Reads what an editor shows: TypeScript's "is deprecated" suggestions (code 6385) on the payload fields.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const probe = `${packageDir}test/parsing/__deprecation-probe__.ts`;

/** Names flagged deprecated when `code` (which sees `event: WebhookEvent`) is checked as a user file. */
function deprecatedUses(code: string): string[] {
  const source = `import type { WebhookEvent } from '../../src/index.js';\ndeclare const event: WebhookEvent;\n${code}\n`;
  const config = ts.getParsedCommandLineOfConfigFile(
    `${packageDir}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json not readable');
  const service = ts.createLanguageService({
    getScriptFileNames: () => [probe],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = file === probe ? source : ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => packageDir,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (file) => file === probe || ts.sys.fileExists(file),
    readFile: (file) => (file === probe ? source : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
  const errors = service.getSemanticDiagnostics(probe);
  if (errors.length) throw new Error(ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n'));
  return service
    .getSuggestionDiagnostics(probe)
    .filter((diagnostic) => diagnostic.code === 6385 || diagnostic.code === 6387)
    .map((diagnostic) => source.slice(diagnostic.start, (diagnostic.start ?? 0) + (diagnostic.length ?? 0)));
}

describe('deprecated payload fields', () => {
  it('marks source.name, source.logo and source.slug of data events @deprecated, and not source.provider', () => {
    const used = deprecatedUses(`
      if (event.type === 'daily.data.sleep.created') {
        const source = event.payload.data?.source;
        void [source?.name, source?.logo, source?.slug, source?.provider, source?.type];
      }`);
    expect(used.sort()).toEqual(['logo', 'name', 'slug']);
  }, 30_000);

  it('marks the former source of provider.connection.created @deprecated, and not provider', () => {
    const used = deprecatedUses(`
      if (event.type === 'provider.connection.created') {
        void [event.payload.data?.source, event.payload.data?.provider];
      }`);
    expect(used).toEqual(['source']);
  }, 30_000);
});
