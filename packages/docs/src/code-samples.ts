// The two code samples of an operation, rendered from what sample-inputs.ts reads: the `@svc/client` call
// and curl. The TypeScript ones are written to src/generated/code-samples/ and type-checked there.

import { expr, isExpression, sampleFlow } from './sample-flows.js';
import type { ClientHeaders, SampleInputs } from './sample-inputs.js';
import type { Json, Operation } from './spec-model.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a TypeScript literal, single-quoted, two-space indented. */
export function literal(value: Json, indent = ''): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (value === null || typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0
      ? '[]'
      : `[\n${value.map((item) => `${inner}${literal(item, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(
    ([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : literal(key)}: ${literal(item, inner)},`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** Renders a value as a literal, with expressions (ids from earlier calls, files) written as code. */
function render(value: unknown, indent = ''): string {
  const markers = new Map<string, string>();
  const swap = (item: unknown): Json => {
    if (isExpression(item)) {
      const marker = `__expression_${markers.size}__`;
      markers.set(`'${marker}'`, item.expression);
      return marker;
    }
    if (Array.isArray(item)) return item.map(swap);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, swap(inner)]));
    return item as Json;
  };
  let text = literal(swap(value), indent);
  for (const [marker, expression] of markers) text = text.replace(marker, expression);
  return text;
}

const indented = (lines: string[]): string[] => lines.map((line) => (line ? `  ${line}` : line));

export interface TypescriptSampleOptions {
  /** Wrap the call in the error handling a partner writes (one sample per tag shows it). */
  showErrorHandling?: boolean;
}

/**
 * The `@svc/client` call, as a whole module a partner can paste (top-level await, Node 20+): the
 * client from the environment, the ids from earlier calls (sample-flows.ts), `for await` on
 * paginated operations, and on request the typed error a failure is.
 */
export function typescriptSample(
  operation: Operation,
  inputs: SampleInputs,
  options: TypescriptSampleOptions = {},
): string {
  const files = inputs.body?.files ?? [];
  const flow = sampleFlow(
    operation.operationId,
    inputs.params.map((param) => param.name),
  );
  const nodeImports = new Set(flow.imports);
  if (files.length > 0) nodeImports.add("import { readFile } from 'node:fs/promises';");
  const clientImports = options.showErrorHandling ? 'ApiError, createClient' : 'createClient';
  const lines: string[] = [...nodeImports, `import { ${clientImports} } from '@svc/client';`, ''];
  lines.push(
    '// The API key and base URL come from SVC_API_KEY and SVC_BASE_URL.',
    'const svc = createClient();',
    '',
  );
  if (flow.setup.length > 0) lines.push(...flow.setup, '');
  const args: Record<string, unknown> = {};
  for (const param of inputs.params) args[param.name] = flow.params[param.name] ?? param.value;
  Object.assign(args, flow.params);
  if (inputs.body) {
    const body: Record<string, unknown> = { ...(flow.body ?? inputs.body.value) };
    // Files go in as Blobs: the client sends them as multipart parts.
    for (const file of files)
      body[file] = expr(
        `new Blob([await readFile('${inputs.body.value[file]}')], { type: 'application/pdf' })`,
      );
    args.body = body;
  }
  const call = Object.keys(args).length > 0 ? render(args) : '';
  const invocation = `svc.${operation.operationId}(${call})`;
  const body: string[] = [];
  if (operation.raw['x-svc-pagination']) {
    body.push(`// Every item of every page, each page requested when the one before is used up.`);
    body.push(`for await (const item of ${invocation}) {`, '  console.log(item);', '}');
  } else if (operation.returnsData) {
    body.push(`const data = await ${invocation};`, 'console.log(data);');
  } else {
    body.push(`await ${invocation};`);
  }
  if (options.showErrorHandling) {
    lines.push(
      'try {',
      ...indented(body.flatMap((line) => line.split('\n'))),
      '} catch (error) {',
      '  // Every failure is typed; an ApiError carries the status, the code the service gives and its explanation.',
      '  if (!(error instanceof ApiError)) throw error;',
      '  console.error(error.status, error.code, error.message);',
      '}',
    );
  } else {
    lines.push(...body);
  }
  return `${lines.join('\n')}\n`;
}

const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** The same request with curl, against `baseUrl`, the key from `$SVC_API_KEY`, the headers as the spec names them. */
export function curlSample(
  operation: Operation,
  inputs: SampleInputs,
  baseUrl: string,
  clientHeaders: ClientHeaders,
): string {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: string[] = [`-H "${clientHeaders.apiKey}: $SVC_API_KEY"`];
  for (const param of inputs.params) {
    const text = typeof param.value === 'string' ? param.value : JSON.stringify(param.value);
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(text));
    else if (param.in === 'query') query.append(param.name, text);
    else if (param.in === 'header') headers.push(`-H ${shellQuote(`${param.name}: ${text}`)}`);
  }
  if (operation.raw['x-svc-idempotent'] === true)
    headers.push(`-H "${clientHeaders.idempotencyKey}: $(uuidgen)"`);
  const url = `${baseUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
  const parts = [
    `curl${operation.method === 'get' ? '' : ` -X ${operation.method.toUpperCase()}`} ${shellQuote(url)}`,
    ...headers,
  ];
  const body = inputs.body;
  if (body?.contentType === 'multipart/form-data') {
    for (const [key, value] of Object.entries(body.value)) {
      parts.push(
        body.files.includes(key)
          ? `-F ${shellQuote(`${key}=@${value};type=application/pdf`)}`
          : `-F ${shellQuote(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)}`,
      );
    }
  } else if (body) {
    parts.push(
      `-H ${shellQuote(`content-type: ${body.contentType}`)}`,
      `-d ${shellQuote(JSON.stringify(body.value))}`,
    );
  }
  return `${parts.join(' \\\n  ')}\n`;
}
