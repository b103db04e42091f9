// The two code samples of an operation, rendered from what sample-inputs.ts reads: the `@svc/client` call
// and curl. The TypeScript ones are written to src/generated/code-samples/ and type-checked there.

import { expr, isExpression, sampleFlow } from './sample-flows.js';
import type { ClientHeaders, SampleInputs } from './sample-inputs.js';
import type { ResolvedOperation } from './spec-model.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a TypeScript literal, single-quoted, two-space indented. */
export function literal(value: unknown, indent = ''): string {
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
  const swap = (item: unknown): unknown => {
    if (isExpression(item)) {
      const marker = `__expression_${markers.size}__`;
      markers.set(`'${marker}'`, item.expression);
      return marker;
    }
    if (Array.isArray(item)) return item.map(swap);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, swap(inner)]));
    return item;
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
  operation: ResolvedOperation,
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

/** A value in a curl sample: the shell word of an expression (`$USER_ID`), else the text itself. */
function shellText(value: unknown, operationId: string): string {
  if (!isExpression(value)) return typeof value === 'string' ? value : JSON.stringify(value);
  if (value.shell && 'text' in value.shell) return value.shell.text;
  if (value.shell) return JSON.stringify(value.shell.json);
  throw new Error(`${operationId}: the sample value ${value.expression} has no curl form (sample-flows.ts)`);
}

/**
 * A JSON body for `-d '…'`: single-quoted, with values from earlier steps spliced in as
 * `"'"$USER_ID"'"` (the quote closes, the variable expands in double quotes, the quote reopens).
 */
function shellJson(value: unknown, operationId: string): string {
  const words = new Map<string, string>();
  const swap = (item: unknown): unknown => {
    if (isExpression(item)) {
      const marker = `__shell_${words.size}__`;
      const shell = item.shell;
      words.set(
        JSON.stringify(marker),
        shell && 'json' in shell ? JSON.stringify(shell.json) : `"'"${shellText(item, operationId)}"'"`,
      );
      return marker;
    }
    if (Array.isArray(item)) return item.map(swap);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, swap(inner)]));
    return item;
  };
  let text = JSON.stringify(swap(value)).replaceAll("'", "'\\''");
  for (const [marker, word] of words) text = text.replace(marker, word);
  return `'${text}'`;
}

/**
 * The same request with curl, as a bash script a partner can paste: the base URL and key from
 * `$SVC_BASE_URL` and `$SVC_API_KEY`, the ids from earlier curl steps (sample-flows.ts, the same
 * steps as the TypeScript sample), the headers as the spec names them.
 */
export function curlSample(
  operation: ResolvedOperation,
  inputs: SampleInputs,
  clientHeaders: ClientHeaders,
): string {
  const id = operation.operationId;
  const flow = sampleFlow(
    id,
    inputs.params.map((param) => param.name),
  );
  let path = operation.path;
  const query: string[] = [];
  const headers: string[] = [`-H "${clientHeaders.apiKey}: $SVC_API_KEY"`];
  // A value from an earlier step goes in as its shell word; a literal one percent-encoded.
  const encoded = (value: unknown): string =>
    isExpression(value) ? shellText(value, id) : encodeURIComponent(shellText(value, id));
  // The sample's own parameters (the flow may add optional ones, such as a summary's range).
  const extra = operation.parameters.filter(
    (param) => param.name in flow.params && !inputs.params.some((input) => input.name === param.name),
  );
  for (const param of [...inputs.params, ...extra]) {
    const value = flow.params[param.name] ?? ('value' in param ? param.value : undefined);
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encoded(value));
    else if (param.in === 'query') query.push(`${encodeURIComponent(param.name)}=${encoded(value)}`);
    else if (param.in === 'header') headers.push(`-H "${param.name}: ${shellText(value, id)}"`);
  }
  if (operation.raw['x-svc-idempotent'] === true)
    headers.push(`-H "${clientHeaders.idempotencyKey}: $(uuidgen)"`);
  // Double quotes so `$SVC_BASE_URL` and ids expand; paths and encoded queries hold no `$`, `"` or backquote.
  const url = `$SVC_BASE_URL${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const parts = [
    `curl${operation.method === 'get' ? '' : ` -X ${operation.method.toUpperCase()}`} "${url}"`,
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
      `-d ${shellJson(flow.body ?? body.value, id)}`,
    );
  }
  const setup = flow.curlSetup.map((line) => line.replaceAll('{apiKeyHeader}', clientHeaders.apiKey));
  const lines = [
    '# The base URL and key come from SVC_BASE_URL and SVC_API_KEY (the local sandbox: http://127.0.0.1:4011).',
    ...(setup.length > 0 ? ['# Each step reads the id the next one needs from its answer with jq.'] : []),
    ...setup,
    ...(setup.length > 0 ? [''] : []),
    parts.join(' \\\n  '),
  ];
  return `${lines.join('\n')}\n`;
}
