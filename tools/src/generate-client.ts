// Generates packages/client/src/generated/{operations,named-methods}.ts from the bundled spec: the
// operation table read by client-operations.ts (method, path, idempotency, validation rules) and the
// typed NamedMethods interface, one method per operationId. Never a hand-kept list.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { printLiteral } from './client-literal.ts';
import { type OperationDoc, readClientOperations } from './client-operations.ts';
import { bundledSpecPath, generatedHeader, repoRoot } from './spec-paths.ts';

const outDir = resolve(repoRoot, 'packages/client/src/generated');
const spec = JSON.parse(await readFile(bundledSpecPath, 'utf8'));
const { operations: entries, docs, problems } = readClientOperations(spec);

if (problems.length > 0) {
  process.stderr.write(
    `generate-client: the spec cannot be turned into a client:\n  ${problems.join('\n  ')}\n`,
  );
  process.exit(1);
}

const comment = (text: string): string => text.replace(/\*\//g, '*\\/').trim();

function jsDoc(doc: OperationDoc): string {
  const lines: string[] = [];
  if (doc.summary) lines.push(comment(doc.summary), '');
  if (doc.description) lines.push(...comment(doc.description).split('\n'), '');
  lines.push(`\`${doc.method} ${doc.path}\``);
  if (doc.openQuery)
    lines.push(
      'Parameters not listed here are sent as query parameters (strings, finite numbers or booleans).',
    );
  if (doc.deprecated)
    lines.push(
      '@deprecated The spec marks this operation deprecated; its description names the replacement.',
    );
  return `  /**\n${lines.map((line) => (line ? `   * ${line}` : '   *')).join('\n')}\n   */`;
}

const operationsFile = `${generatedHeader('generate-client.ts')}
import type { Operation } from '../operation.js';

/** Every operation of the spec, in spec order, with the validation rules read from its schemas. */
export const operations: readonly Operation[] = ${printLiteral(entries)};
`;

const namedMethodsFile = `${generatedHeader('generate-client.ts')}
import type { operations } from '@svc/types';
import type { APIPromise } from '../api-promise.js';
import type { ExtraQuery, NamedData, NamedParams } from '../named-method-types.js';
import type { RequestOptions } from '../request-options.js';

/** The operationId of every operation of the spec. */
export type OperationId =
${entries.map((entry) => `  | '${entry.id}'`).join('\n')};

/**
 * One method per operation, named after its operationId. \`params\` is a flat object of the
 * operation's path, query and header parameters plus \`body\`; the API key and the idempotency key
 * are handled by the client. Each method resolves with the response data and throws typed errors
 * (\`ApiError\` and its subclasses, \`ValidationError\` before sending, \`ConnectionError\`,
 * \`TimeoutError\`, \`AbortError\`); \`.withResponse()\` also gives the raw \`Response\`.
 */
export interface NamedMethods {
${docs
  .map(
    (doc) =>
      `${jsDoc(doc)}\n  ${doc.id}(\n    params${doc.paramsRequired ? '' : '?'}: NamedParams<operations['${doc.id}']>${doc.openQuery ? ' & ExtraQuery' : ''},\n    options?: RequestOptions,\n  ): APIPromise<NamedData<operations['${doc.id}']>>;`,
  )
  .join('\n')}
}
`;

await mkdir(outDir, { recursive: true });
await writeFile(resolve(outDir, 'operations.ts'), operationsFile);
await writeFile(resolve(outDir, 'named-methods.ts'), namedMethodsFile);
process.stdout.write(
  `wrote packages/client/src/generated/{operations,named-methods}.ts (${entries.length} operations)\n`,
);
