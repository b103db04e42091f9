// Reads the client's operation table from a bundled spec: method, path, idempotency, validation rules
// and what the named methods' docs need. Pure (spec → plain data), so its tests give it small specs.
import { eachOperation, headerParameterName } from '@svc/spec';
import { type JsonObject, resolveRef, ruleOf } from './client-rules.js';
import type {
  Method,
  OperationRow as Operation,
  PaginationRule,
  ParameterRules,
  Rule,
} from './operation-row.js';
import { readPaginatedOperations } from './pagination-rules.js';

/** What the named method's doc comment and signature need, beside the table row. */
export interface OperationDoc {
  id: string;
  method: Method;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  paramsRequired: boolean;
  openQuery: boolean;
  /** `x-svc-pagination`: the named method returns a PagePromise and its docs say how to iterate. */
  pagination?: PaginationRule;
}

export interface ClientOperations {
  operations: Operation[];
  docs: OperationDoc[];
  /** Why the spec cannot become a client; empty when it can. */
  problems: string[];
}

/**
 * Headers the client sets itself, so the named methods never ask for them: the API key (its auth layer)
 * and the idempotency key (`options.idempotencyKey`), named by the spec's shared parameters.
 */
const CLIENT_HEADER_COMPONENTS = ['apiKey', 'idempotencyKey'] as const;
/** The methods the client sends (its `Method` type); the path client's method names too. */
const CLIENT_METHODS = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
] as const satisfies readonly Method[];
const METHODS: ReadonlySet<string> = new Set(CLIENT_METHODS);
/** Members of the client object that an operationId must not shadow. */
const RESERVED: ReadonlySet<string> = new Set([...CLIENT_METHODS, 'use', 'eject', 'then']);
const LOCATIONS = ['path', 'query', 'header'] as const;

type Location = (typeof LOCATIONS)[number];

/** The lower-case names of the client-set headers the spec declares (a spec may declare neither). */
function clientHeaderNames(spec: JsonObject): Set<string> {
  const shared = (spec.components as JsonObject | undefined)?.parameters as JsonObject | undefined;
  const declared = CLIENT_HEADER_COMPONENTS.filter((component) => shared?.[component] !== undefined);
  return new Set(declared.map((component) => headerParameterName(spec, component).toLowerCase()));
}
type Building = { required?: string[]; props: Record<string, Rule> };

export function readClientOperations(spec: JsonObject): ClientOperations {
  const operations: Operation[] = [];
  const docs: OperationDoc[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  const clientHeaders = clientHeaderNames(spec);
  // `x-svc-pagination`, read and checked against the operation's parameters and response fields.
  const paginationRules = new Map(readPaginatedOperations(spec).map((op) => [op.operationId, op.rule]));

  for (const { method: lower, name: path, operation, parameters } of eachOperation(spec)) {
    const method = lower.toUpperCase();
    const where = `${method} ${path}`;
    if (!METHODS.has(method)) {
      problems.push(`${where}: the client does not send ${method} requests`);
      continue;
    }
    const id = operation.operationId;
    if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) {
      problems.push(`${where}: operationId must be camelCase, got ${JSON.stringify(id)}`);
      continue;
    }
    if (RESERVED.has(id) || ids.has(id)) {
      problems.push(`${where}: operationId "${id}" is reserved or used twice`);
      continue;
    }
    ids.add(id);
    const entry: Operation & { params?: Partial<Record<Location, ParameterRules>> } = {
      id,
      method: method as Method,
      path,
    };
    const row = entry as { -readonly [K in keyof Operation]: Operation[K] };
    if (operation['x-svc-idempotent'] === true) row.idempotent = true;
    // The request's full shape is not shown: parameters the spec does not declare go to the query.
    if (operation['x-svc-open-request'] === true) row.openQuery = true;
    const windowDays = operation['x-svc-window-days'];
    if (Number.isInteger(windowDays) && (windowDays as number) > 0) row.windowDays = windowDays as number;
    else if (windowDays !== undefined)
      problems.push(`${where}: x-svc-window-days must be a positive integer`);

    const flatNames = new Set<string>();
    const params: Partial<Record<Location, Building>> = {};
    let paramsRequired = false;
    for (const parameter of parameters) {
      const name = String(parameter.name);
      if (parameter.in === 'header' && clientHeaders.has(name.toLowerCase())) continue;
      const location = parameter.in as Location;
      if (!LOCATIONS.includes(location)) {
        problems.push(`${where}: ${String(parameter.in)} parameter "${name}" is not supported by the client`);
        continue;
      }
      if (flatNames.has(name) || name === 'body')
        problems.push(`${where}: parameter name "${name}" is ambiguous in a flat params object`);
      flatNames.add(name);
      const rules = params[location] ?? { props: {} };
      params[location] = rules;
      rules.props[name] = ruleOf(spec, parameter.schema);
      if (parameter.required === true || location === 'path') {
        rules.required = [...(rules.required ?? []), name];
        paramsRequired = true;
      }
    }
    if (Object.keys(params).length > 0) row.params = params;

    if (operation.requestBody) {
      const requestBody = resolveRef(spec, operation.requestBody);
      const content = (requestBody.content ?? {}) as Record<string, { schema?: unknown }>;
      const media = content['application/json'] ?? content['multipart/form-data'];
      if (!media) problems.push(`${where}: request body must be application/json or multipart/form-data`);
      if (content['multipart/form-data'] && !content['application/json']) row.multipart = true;
      const body = ruleOf(spec, media?.schema);
      if (Object.keys(body).length > 0) row.body = body;
      if (requestBody.required === true) {
        row.bodyRequired = true;
        paramsRequired = true;
      }
    }
    const pagination = paginationRules.get(id);
    if (pagination) row.pagination = pagination;
    operations.push(entry);
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
  return { operations, docs, problems };
}
