import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { OpenApiDocument } from '@svc/spec';
import { eachOperation } from '@svc/spec/each-operation';
import { headerParameterName } from '@svc/spec/header-parameter-name';
import { annotationsOf, isWriteMethod } from './annotations.js';
import { type InputShape, inputShape } from './input-schema.js';
import type { JsonSchema } from './json-schema.js';

/** One operation of the spec as a tool: what a model reads, and what the call needs. */
export interface OperationTool extends Omit<InputShape, 'schema'> {
  /** The operation's `operationId`: the client's method, the API reference and the tool share the name. */
  name: string;
  method: string;
  path: string;
  /** The spec's summary. */
  title: string;
  /** The spec's summary and description, for a model choosing a tool. */
  description: string;
  inputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** Not a GET or HEAD: off unless the operator allows it. */
  write: boolean;
  tags: string[];
}

/**
 * Every operation of the bundled spec as a tool, in spec order. Nothing here is a list of operations:
 * a new operation in the spec is a new tool after `pnpm build`.
 */
export function operationTools(spec: OpenApiDocument): OperationTool[] {
  const headers = {
    apiKey: headerParameterName(spec, 'apiKey'),
    idempotencyKey: headerParameterName(spec, 'idempotencyKey'),
  };
  const tools: OperationTool[] = [];
  for (const found of eachOperation(spec)) {
    const { operation, method, name: path } = found;
    const name = operation.operationId;
    if (typeof name !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
    const title = operation.summary ?? `${method.toUpperCase()} ${path}`;
    const { schema, ...shape } = inputShape(spec, found, headers);
    tools.push({
      name,
      method,
      path,
      title,
      description: [title.endsWith('.') ? title : `${title}.`, operation.description?.trim()]
        .filter(Boolean)
        .join(' '),
      inputSchema: schema,
      annotations: annotationsOf(method, title, operation['x-svc-idempotent'] === true),
      write: isWriteMethod(method),
      tags: operation.tags ?? [],
      ...shape,
    });
  }
  return tools;
}
