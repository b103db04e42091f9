// Generates packages/client/src/generated/{operations,named-methods}.ts from the bundled spec:
// the operation table (method, path, idempotency, body type, validation rules) and the typed
// NamedMethods interface, one method per operationId, and the SDK version read from the client's
// package.json (sent in the SDK headers). Never a hand-kept list.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { printLiteral } from './client-literal.ts';
import { type JsonObject, type Rule, resolveRef, ruleOf } from './client-rules.ts';
import { type PaginationRule, readPaginatedOperations } from './pagination-rules.ts';
import { bundledSpecPath, generatedHeader, repoRoot } from './spec-paths.ts';

const outDir = resolve(repoRoot, 'packages/client/src/generated');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Handled by the client itself: the API key by its auth layer, the idempotency key by `options.idempotencyKey`. */
const CLIENT_HEADERS = new Set(['x-svc-api-key', 'idempotency-key']);
/** Members of the client object that an operationId must not shadow. */
const RESERVED = new Set([
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'use',
  'eject',
  'then',
]);
const LOCATIONS = ['path', 'query', 'header'] as const;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}
interface ParameterRules {
  required?: string[];
  props: Record<string, Rule>;
}
interface Entry {
  id: string;
  method: string;
  path: string;
  idempotent?: true;
  params?: Partial<Record<(typeof LOCATIONS)[number], ParameterRules>>;
  body?: Rule;
  bodyRequired?: true;
  multipart?: true;
  openQuery?: true;
  pagination?: PaginationRule;
}
interface Doc {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  paramsRequired: boolean;
  openQuery: boolean;
  pagination?: PaginationRule;
}

const spec = JSON.parse(await readFile(bundledSpecPath, 'utf8')) as JsonObject;
// `x-svc-pagination`, read and checked by the same reader as @svc/pagination's table.
const paginationRules = new Map(readPaginatedOperations(spec).map((op) => [op.operationId, op.rule]));
const entries: Entry[] = [];
const docs: Doc[] = [];
const problems: string[] = [];

for (const [path, rawItem] of Object.entries((spec.paths ?? {}) as Record<string, unknown>)) {
  const item = resolveRef(spec, rawItem);
  for (const method of METHODS) {
    const operation = item[method] as JsonObject | undefined;
    if (!operation) continue;
    const where = `${method.toUpperCase()} ${path}`;
    const id = operation.operationId;
    if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) {
      problems.push(`${where}: operationId must be camelCase, got ${JSON.stringify(id)}`);
      continue;
    }
    if (RESERVED.has(id) || entries.some((entry) => entry.id === id)) {
      problems.push(`${where}: operationId "${id}" is reserved or used twice`);
      continue;
    }
    const entry: Entry = { id, method: method.toUpperCase(), path };
    if (operation['x-svc-idempotent'] === true) entry.idempotent = true;
    // The request's full shape is not shown: parameters the spec does not declare go to the query.
    if (operation['x-svc-open-request'] === true) entry.openQuery = true;

    // Operation-level parameters override path-level ones with the same name and location.
    const parameters = new Map<string, Parameter>();
    for (const raw of [
      ...((item.parameters as unknown[]) ?? []),
      ...((operation.parameters as unknown[]) ?? []),
    ]) {
      const parameter = resolveRef<Parameter>(spec, raw);
      parameters.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    const flatNames = new Set<string>();
    let paramsRequired = false;
    for (const parameter of parameters.values()) {
      if (parameter.in === 'header' && CLIENT_HEADERS.has(parameter.name.toLowerCase())) continue;
      const location = parameter.in as (typeof LOCATIONS)[number];
      if (!LOCATIONS.includes(location)) {
        problems.push(
          `${where}: ${parameter.in} parameter "${parameter.name}" is not supported by the client`,
        );
        continue;
      }
      if (flatNames.has(parameter.name) || parameter.name === 'body') {
        problems.push(`${where}: parameter name "${parameter.name}" is ambiguous in a flat params object`);
      }
      flatNames.add(parameter.name);
      entry.params ??= {};
      const rules = entry.params[location] ?? { props: {} };
      entry.params[location] = rules;
      rules.props[parameter.name] = ruleOf(spec, parameter.schema);
      if (parameter.required || location === 'path') {
        rules.required = [...(rules.required ?? []), parameter.name];
        paramsRequired = true;
      }
    }

    if (operation.requestBody) {
      const requestBody = resolveRef(spec, operation.requestBody);
      const content = (requestBody.content ?? {}) as Record<string, { schema?: unknown }>;
      const media = content['application/json'] ?? content['multipart/form-data'];
      if (!media) problems.push(`${where}: request body must be application/json or multipart/form-data`);
      if (content['multipart/form-data'] && !content['application/json']) entry.multipart = true;
      const body = ruleOf(spec, media?.schema);
      if (Object.keys(body).length > 0) entry.body = body;
      if (requestBody.required === true) {
        entry.bodyRequired = true;
        paramsRequired = true;
      }
    }
    const pagination = paginationRules.get(id);
    if (pagination) entry.pagination = pagination;
    entries.push(entry);
    docs.push({
      id,
      method: entry.method,
      path,
      summary: operation.summary as string | undefined,
      description: operation.description as string | undefined,
      deprecated: operation.deprecated === true,
      paramsRequired,
      openQuery: entry.openQuery === true,
      ...(pagination && { pagination }),
    });
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `generate-client: the spec cannot be turned into a client:\n  ${problems.join('\n  ')}\n`,
  );
  process.exit(1);
}

const comment = (text: string): string => text.replace(/\*\//g, '*\\/').trim();

function jsDoc(doc: Doc): string {
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
      'one is used up (request options apply to every page; the walk stops after 10,000 pages).',
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

function itemType(doc: Doc & { pagination: PaginationRule }): string {
  const items = `NonNullable<${pascal(doc.id)}Response['${doc.pagination.items}']>`;
  return doc.pagination.itemsShape === 'grouped' ? `GroupedItemOf<${items}>` : `${items}[number]`;
}

function operationTypes(doc: Doc): string {
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
      `export type ${name}Item = ${itemType(doc as Doc & { pagination: PaginationRule })};`,
    );
  return lines.join('\n');
}

const operationTypesFile = `${generatedHeader('generate-client.ts')}
import type { operations } from '@svc/types';
import type { ExtraQuery, NamedData, NamedParams } from '../named-method-types.js';
import type { GroupedItemOf } from '../pagination-rules.js';

${docs.map(operationTypes).join('\n\n')}
`;

const operationsFile = `${generatedHeader('generate-client.ts')}
import type { Operation } from '../internal/operation.js';

/** Every operation of the spec, in spec order, with the validation rules read from its schemas. */
export const operations: readonly Operation[] = ${printLiteral(entries)};
`;

const namedMethodsFile = `${generatedHeader('generate-client.ts')}
import type { APIPromise } from '../api-promise.js';
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
      `${jsDoc(doc)}\n  ${doc.id}(\n    params${doc.paramsRequired ? '' : '?'}: ${pascal(doc.id)}Params,\n    options?: RequestOptions,\n  ): ${doc.pagination ? `PagePromise<${pascal(doc.id)}Response, ${pascal(doc.id)}Item>` : `APIPromise<${pascal(doc.id)}Response>`};`,
  )
  .join('\n')}
}
`;

const clientPackage = JSON.parse(
  await readFile(resolve(repoRoot, 'packages/client/package.json'), 'utf8'),
) as { version: string };
const versionFile = `${generatedHeader('generate-client.ts')}
/** This package's version, from its package.json; sent in the SDK headers of every request. */
export const VERSION = '${clientPackage.version}';
`;

await mkdir(outDir, { recursive: true });
await writeFile(resolve(outDir, 'version.ts'), versionFile);
await writeFile(resolve(outDir, 'operations.ts'), operationsFile);
await writeFile(resolve(outDir, 'operation-types.ts'), operationTypesFile);
await writeFile(resolve(outDir, 'named-methods.ts'), namedMethodsFile);
process.stdout.write(
  `wrote packages/client/src/generated/{operations,operation-types,named-methods,version}.ts (${entries.length} operations)\n`,
);
