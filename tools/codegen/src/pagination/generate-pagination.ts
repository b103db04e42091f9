// Generates packages/pagination/src/generated/paginated-operations.ts from `x-svc-pagination` in the bundled spec:
// the table the pagination runtime interprets, and the typed params, page and item of each operation.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadSpec } from '@svc/spec';
import { type PaginatedOperation, readPaginatedOperations } from '../client/pagination-rules.js';
import { generatedHeader, repoRoot } from '../generated-file.js';

const outFile = resolve(repoRoot, 'packages/pagination/src/generated/paginated-operations.ts');

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const str = (value: string): string => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

function tableEntry({ operationId, method, path, rule }: PaginatedOperation): string {
  const fields = Object.entries(rule).map(([name, value]) => `${key(name)}: ${str(String(value))}`);
  return [
    `  /** ${method.toUpperCase()} ${path} (${rule.style} style) */`,
    `  ${key(operationId)}: { rule: { ${fields.join(', ')} } },`,
  ].join('\n');
}

function typesEntry({ operationId, successStatus, rule }: PaginatedOperation): string {
  const operation = `operations[${str(operationId)}]`;
  const page = `${operation}['responses'][${str(successStatus)}]['content']['application/json']`;
  const items = `NonNullable<${page}[${str(rule.items)}]>`;
  const item = rule.itemsShape === 'grouped' ? `GroupedItemOf<${items}>` : `${items}[number]`;
  return [
    `  ${key(operationId)}: {`,
    `    params: NamedParams<${operation}>;`,
    `    page: ${page};`,
    `    item: ${item};`,
    '  };',
  ].join('\n');
}

function renderPaginatedOperations(operations: PaginatedOperation[]): string {
  return [
    generatedHeader('pagination/generate-pagination.ts'),

    "import type { GroupedItemOf, NamedParams, PaginatedOperationEntry } from '@svc/client';",
    "import type { operations } from '@svc/types';",
    '',
    '/** How each paginated operation pages, read from `x-svc-pagination` in the spec. */',
    'export const paginatedOperations = {',
    ...operations.map(tableEntry),
    '} as const satisfies Record<string, PaginatedOperationEntry>;',
    '',
    '/** Request params, page body and yielded item of each paginated operation, typed from the spec. */',
    'export interface PaginatedOperations {',
    ...operations.map(typesEntry),
    '}',
    '',
  ].join('\n');
}

const operations = readPaginatedOperations(loadSpec());
await mkdir(dirname(outFile), { recursive: true });
await writeFile(outFile, renderPaginatedOperations(operations));
process.stdout.write(
  `wrote ${outFile.slice(repoRoot.length + 1)} (${operations.map((op) => op.operationId).join(', ')})\n`,
);
