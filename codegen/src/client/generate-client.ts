// Generates the client's src/generated/{operations,operation-types,named-methods,version}.ts from
// the bundled spec (`svc-codegen client`, run in packages/client): the operation table read by client-operations.ts (method, path, idempotency,
// validation rules, pagination), the named types of every operation, the typed NamedMethods interface
// (one method per operationId), and the SDK version read from the client's package.json (sent in the
// SDK headers). Never a hand-kept list.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadSpec } from '@svc/spec';
import { CodegenError } from '../codegen-error.js';
import { generatedHeader, writeGenerated } from '../generated-file.js';
import { printLiteral } from './client-literal.js';
import { type ClientOperations, type OperationDoc, readClientOperations } from './client-operations.js';
import type { PaginationRule } from './operation-row.js';

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
  if (doc.pagination) {
    const item = doc.pagination.itemsShape === 'grouped' ? 'point' : 'item';
    lines.push(
      '',
      `Paginated (${doc.pagination.style} style): awaiting the call gives the first page; iterating it with`,
      `\`for await\` yields every ${item} of every page, requesting the next page only when the current`,
      'one is used up (request options apply to every page; the walk stops after `maxPages`, default',
      `10,000). \`.pages()\` yields whole pages; \`.toArray({ limit })\` collects at most \`limit\` ${item}s.`,
      '@example',
      `for await (const ${item} of client.${doc.id}(${doc.paramsRequired ? '{ … }' : ''})) {`,
      `  console.log(${item});`,
      '}',
    );
  }
  if (doc.deprecated)
    lines.push(
      '@deprecated The spec marks this operation deprecated; its description names the replacement.',
    );
  return `  /**\n${lines.map((line) => (line ? `   * ${line}` : '   *')).join('\n')}\n   */`;
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

function itemType(doc: OperationDoc & { pagination: PaginationRule }): string {
  const items = `NonNullable<${pascal(doc.id)}Response['${doc.pagination.items}']>`;
  return doc.pagination.itemsShape === 'grouped' ? `GroupedItemOf<${items}>` : `${items}[number]`;
}

function operationTypes(doc: OperationDoc): string {
  const name = pascal(doc.id);
  const lines = [
    `/** Params of \`${doc.id}\` (\`${doc.method} ${doc.path}\`): path, query and header parameters plus \`body\`. */`,
    `export type ${name}Params = NamedParams<operations['${doc.id}']>${doc.openQuery ? ' & ExtraQuery' : ''};`,
    `/** What \`${doc.id}\` resolves with${doc.pagination ? ' (one page)' : ''}. */`,
    `export type ${name}Response = NamedData<operations['${doc.id}']>;`,
  ];
  if (doc.pagination)
    lines.push(
      `/** What \`for await\` over \`${doc.id}\` yields. */`,
      `export type ${name}Item = ${itemType(doc as OperationDoc & { pagination: PaginationRule })};`,
    );
  return lines.join('\n');
}

const operationTypesFile = (docs: OperationDoc[]): string => `${generatedHeader('client/generate-client.ts')}
import type { operations } from '@svc/types';
import type { ExtraQuery, NamedData, NamedParams } from '../named-method-types.js';
import type { GroupedItemOf } from '../pagination-rules.js';

${docs.map(operationTypes).join('\n\n')}
`;

const operationsFile = (
  entries: ClientOperations['operations'],
): string => `${generatedHeader('client/generate-client.ts')}
import type { Operation } from '../operation.js';

/** Every operation of the spec, in spec order, with the validation rules read from its schemas. */
export const operations: readonly Operation[] = ${printLiteral(entries)};
`;

const namedMethodsFile = (
  entries: ClientOperations['operations'],
  docs: OperationDoc[],
): string => `${generatedHeader('client/generate-client.ts')}
import type { APIPromise } from '../api-promise.js';
import type { PaginateOptions } from '../page-iterator-options.js';
import type { PagePromise } from '../page-promise.js';
import type { RequestOptions } from '../request-options.js';
import type {
${docs.flatMap((doc) => [`${pascal(doc.id)}Params`, `${pascal(doc.id)}Response`, ...(doc.pagination ? [`${pascal(doc.id)}Item`] : [])].map((name) => `  ${name},`)).join('\n')}
} from './operation-types.js';

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
      `${jsDoc(doc)}\n  ${doc.id}(\n    params${doc.paramsRequired ? '' : '?'}: ${pascal(doc.id)}Params,\n    options?: ${doc.pagination ? 'PaginateOptions' : 'RequestOptions'},\n  ): ${doc.pagination ? `PagePromise<${pascal(doc.id)}Response, ${pascal(doc.id)}Item>` : `APIPromise<${pascal(doc.id)}Response>`};`,
  )
  .join('\n')}
}
`;

const versionFile = (version: string): string => `${generatedHeader('client/generate-client.ts')}
/** This package's version, from its package.json; sent in the SDK headers of every request. */
export const VERSION = '${version}';
`;

/** Writes the client package's generated files into `packageDir`/src/generated; says what it wrote. */
export async function generateClient(packageDir: string): Promise<string> {
  const { operations: entries, docs, problems } = readClientOperations(loadSpec());
  if (problems.length > 0)
    throw new CodegenError(`the spec cannot be turned into a client:\n  ${problems.join('\n  ')}`);
  const { version } = JSON.parse(await readFile(resolve(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  await writeGenerated(packageDir, {
    'version.ts': versionFile(version),
    'operations.ts': operationsFile(entries),
    'operation-types.ts': operationTypesFile(docs),
    'named-methods.ts': namedMethodsFile(entries, docs),
  });
  return `wrote src/generated/{operations,operation-types,named-methods,version}.ts (${entries.length} operations)`;
}
