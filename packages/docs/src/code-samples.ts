// The two code samples of an operation, rendered from what sample-inputs.ts reads: the `@svc/client` call
// and curl. The TypeScript ones are written to src/generated/code-samples/ and type-checked there.
import type { ClientHeaders, SampleInputs } from './sample-inputs.js';
import type { Json, JsonObject, Operation } from './spec-model.js';

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

/** The `@svc/client` call, as a whole module a partner can paste (top-level await, Node 20+). */
export function typescriptSample(operation: Operation, inputs: SampleInputs): string {
  const lines: string[] = [];
  const files = inputs.body?.files ?? [];
  if (files.length > 0) lines.push("import { readFile } from 'node:fs/promises';");
  lines.push("import { createClient } from '@svc/client';", '');
  lines.push("const svc = createClient({ apiKey: process.env.SVC_API_KEY ?? '', region: 'eu' });", '');
  const args: JsonObject = {};
  for (const param of inputs.params) args[param.name] = param.value;
  let call = '';
  if (inputs.body) {
    const body = { ...inputs.body.value };
    // Files go in as Blobs: the client sends them as multipart parts.
    const placeholders = new Map<string, string>();
    for (const file of files) {
      const marker = `__file_${file}__`;
      placeholders.set(
        `'${marker}'`,
        `new Blob([await readFile('${body[file]}')], { type: 'application/pdf' })`,
      );
      body[file] = marker;
    }
    args.body = body;
    call = literal(args);
    for (const [marker, expression] of placeholders) call = call.replace(marker, expression);
  } else {
    call = Object.keys(args).length > 0 ? literal(args) : '';
  }
  const invocation = `await svc.${operation.operationId}(${call})`;
  lines.push(operation.returnsData ? `const data = ${invocation};` : `${invocation};`);
  if (operation.returnsData) lines.push('console.log(data);');
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
