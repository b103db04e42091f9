import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { isJsonMediaType } from './read-json-body.js';

/** What the front checks of one operation's request body, read from the served spec. */
export interface BodyRule {
  method: string;
  path: RegExp;
  /**
   * The form fields that must come as file parts of a multipart upload, to their largest size in bytes
   * (the spec's `x-svc-file.maxBytes`), or undefined when unbounded; empty when it takes no upload.
   */
  files: ReadonlyMap<string, number | undefined>;
  /** Its JSON body must be an object (a `type: object` schema that admits no `null`). */
  objectOnly: boolean;
}

interface PropertySchema {
  format?: string;
  contentMediaType?: string;
  'x-svc-file'?: { maxBytes?: number };
}

interface BodySchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, PropertySchema>;
}

const isFile = (schema: PropertySchema) =>
  schema['x-svc-file'] !== undefined || schema.format === 'binary' || schema.contentMediaType !== undefined;

/** Whether a schema admits objects and nothing else: `null` and every other non-object break its `type`. */
const isObjectOnly = ({ type, nullable }: BodySchema) =>
  nullable !== true &&
  (type === 'object' || (Array.isArray(type) && type.length === 1 && type[0] === 'object'));

/** `/v3/order/{order_id}` as a pattern matching one raw path segment per parameter. */
const pathPattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}/?$`,
  );

const templatedSegments = (path: string) => path.match(/\{/g)?.length ?? 0;

type Operation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];

/** The rule of one operation; undefined when the front has nothing of its body to check. */
function ruleOf(operation: Operation): BodyRule | undefined {
  const contents = operation.request?.body?.contents ?? [];
  const schemaOf = (content: (typeof contents)[number]) => (content.schema ?? {}) as BodySchema;
  const multipart = contents.find((content) => content.mediaType.toLowerCase() === 'multipart/form-data');
  const files = new Map<string, number | undefined>();
  for (const [name, schema] of Object.entries((multipart && schemaOf(multipart).properties) ?? {}))
    if (isFile(schema)) files.set(name, schema['x-svc-file']?.maxBytes);
  const json = contents.filter((content) => isJsonMediaType(content.mediaType));
  const objectOnly = json.length > 0 && json.every((content) => isObjectOnly(schemaOf(content)));
  if (files.size === 0 && !objectOnly) return undefined;
  return { method: operation.method.toUpperCase(), path: pathPattern(operation.path), files, objectOnly };
}

/**
 * The operations of the spec whose body the front checks (a multipart upload, an object-only JSON
 * body), read the way Prism reads it (same file, same `$ref`s resolved). Fewest templated segments
 * first: the front takes the first rule that matches, and Prism prefers `/v3/order/import` to
 * `/v3/order/{order_id}`.
 */
export async function bodyRules(specPath: string): Promise<BodyRule[]> {
  const operations = await getHttpOperationsFromSpec(specPath);
  return [...operations]
    .sort((a, b) => templatedSegments(a.path) - templatedSegments(b.path))
    .flatMap((operation) => ruleOf(operation) ?? []);
}
