import type { OpenApiDocument } from '@svc/spec';
import { followRef } from '@svc/spec/follow-ref';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Violation } from '../internal/violation.js';
import type { IndexedOperation } from './spec-index.js';

const SPEC_ID = 'https://sandbox.svc.invalid/openapi.json';

type AjvInstance = InstanceType<typeof Ajv2020>;

function makeAjv(coerceTypes: boolean): AjvInstance {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes,
    validateFormats: true,
    // The spec is linted before it is bundled; checking it against the meta-schema again costs start-up time.
    validateSchema: false,
  });
  // ajv-formats is CJS with `module.exports = formats` plus `.default`; take whichever the loader gives.
  const add = ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats) as (
    ajv: AjvInstance,
  ) => void;
  add(ajv);
  // OpenAPI's file formats say how a string is carried, not what it must look like.
  ajv.addFormat('binary', true);
  ajv.addFormat('byte', true);
  return ajv;
}

/** A schema of the document made standalone: its local `$ref`s point into the registered document. */
function absolute(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absolute);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${SPEC_ID}${value}`
        : absolute(value),
    ]),
  );
}

const toViolations = (where: string[], errors: ErrorObject[] | null | undefined): Violation[] =>
  (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').filter(Boolean);
    const missing = error.keyword === 'required' ? [String(error.params.missingProperty)] : [];
    const location = [...where, ...path, ...missing];
    const name = location.slice(1).join('.');
    return {
      location,
      code: error.keyword,
      message:
        error.keyword === 'required' ? `${name} is required` : `${name} ${error.message ?? 'is invalid'}`,
    };
  });

interface Compiled {
  parameters: Partial<Record<'path' | 'query' | 'header', ValidateFunction>>;
  bodies: Record<string, ValidateFunction>;
  responses: Map<string, ValidateFunction | null>;
}

/**
 * Validates requests and responses against the operation's schemas with Ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). Compiled lazily per operation, then cached.
 */
export class SpecValidator {
  private readonly requests: AjvInstance;
  private readonly responses: AjvInstance;
  private readonly compiled = new Map<string, Compiled>();

  private readonly events = new Map<string, ValidateFunction | null>();

  constructor(private readonly document: OpenApiDocument) {
    this.requests = makeAjv(true);
    this.responses = makeAjv(false);
    for (const ajv of [this.requests, this.responses]) ajv.addSchema({ ...document, $id: SPEC_ID });
  }

  private compile(operation: IndexedOperation): Compiled {
    let entry = this.compiled.get(operation.operationId);
    if (entry) return entry;
    const parameters: Compiled['parameters'] = {};
    for (const location of ['path', 'query', 'header'] as const) {
      const list = operation.parameters.filter((p) => p.in === location);
      if (list.length === 0) continue;
      const name = (n: string) => (location === 'header' ? n.toLowerCase() : n);
      parameters[location] = this.requests.compile({
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [name(p.name), absolute(p.schema ?? {})])),
        required: list.filter((p) => p.required).map((p) => name(p.name)),
      });
    }
    const bodies: Record<string, ValidateFunction> = {};
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      if (media.schema) bodies[type] = this.responses.compile(absolute(media.schema) as object);
    }
    entry = { parameters, bodies, responses: new Map() };
    this.compiled.set(operation.operationId, entry);
    return entry;
  }

  /** Violations of the path, query and header parameters (values are coerced from their text). */
  parameters(
    operation: IndexedOperation,
    values: Record<'path' | 'query' | 'header', Record<string, unknown>>,
  ): Violation[] {
    const compiled = this.compile(operation);
    const violations: Violation[] = [];
    for (const location of ['path', 'query', 'header'] as const) {
      const validate = compiled.parameters[location];
      if (validate && !validate(values[location]))
        violations.push(...toViolations(['request', location], validate.errors));
    }
    return violations;
  }

  /** Violations of a JSON (or form) request body against the media type's schema. */
  body(operation: IndexedOperation, mediaType: string, body: unknown): Violation[] {
    const { bodies } = this.compile(operation);
    const validate = Object.hasOwn(bodies, mediaType) ? bodies[mediaType] : undefined;
    if (!validate || validate(body)) return [];
    return toViolations(['request', 'body'], validate.errors);
  }

  /** Violations of a response body against the response declared for its status (exact, `2XX`, `default`). */
  response(operation: IndexedOperation, status: number, body: unknown): Violation[] {
    const key = responseKey(operation, status);
    if (!key)
      return [{ location: ['response'], code: 'status', message: `status ${status} is not declared` }];
    const compiled = this.compile(operation);
    let validate = compiled.responses.get(key);
    if (validate === undefined) {
      const media = operation.responses[key]?.content?.['application/json'];
      validate = media?.schema ? this.responses.compile(absolute(media.schema) as object) : null;
      compiled.responses.set(key, validate);
    }
    if (!validate || validate(body)) return [];
    return toViolations(['response', 'body'], validate.errors);
  }

  /** Violations of a webhook payload against the spec's `webhooks` entry for its name (or its template). */
  event(name: string, payload: unknown): Violation[] {
    let validate = this.events.get(name);
    if (validate === undefined) {
      const key = webhookEntryOf(this.document, name);
      if (!key)
        return [{ location: ['event'], code: 'name', message: `${name} is not an event of the spec` }];
      const item = followRef(this.document, this.document.webhooks?.[key]);
      const schema = followRef(this.document, item?.post?.requestBody)?.content['application/json']?.schema;
      validate = schema ? this.responses.compile(absolute(schema) as object) : null;
      this.events.set(name, validate);
    }
    if (!validate || validate(payload)) return [];
    return toViolations(['event', name], validate.errors);
  }
}

/** The entry of the spec's `webhooks` an event name belongs to: its own, else the template it fills. */
export function webhookEntryOf(document: OpenApiDocument, name: string): string | undefined {
  const webhooks = document.webhooks ?? {};
  if (Object.hasOwn(webhooks, name)) return name;
  return Object.keys(webhooks).find((key) => {
    const [prefix, suffix] = key.split('<resource>');
    return (
      suffix !== undefined &&
      name.startsWith(prefix as string) &&
      name.endsWith(suffix) &&
      !name.slice((prefix as string).length, name.length - suffix.length).includes('.')
    );
  });
}

/** The key of `responses` that covers a status: the exact code, else its `nXX` range, else `default`. */
export function responseKey(operation: IndexedOperation, status: number): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  for (const key of [exact, range, 'default']) if (operation.responses[key]) return key;
  return undefined;
}
