import { getHttpOperationsFromSpec } from '@stoplight/prism-http';

/** A multipart operation of the served spec and the form fields that must come as file parts. */
export interface UploadRule {
  method: string;
  path: RegExp;
  /** Field name to its largest size in bytes (the spec's `x-svc-file.maxBytes`), or undefined when unbounded. */
  files: ReadonlyMap<string, number | undefined>;
}

interface PropertySchema {
  format?: string;
  contentMediaType?: string;
  'x-svc-file'?: { maxBytes?: number };
}

const isFile = (schema: PropertySchema) =>
  schema['x-svc-file'] !== undefined || schema.format === 'binary' || schema.contentMediaType !== undefined;

/** `/v3/order/{order_id}` as a pattern matching one raw path segment per parameter. */
const pathPattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}/?$`,
  );

/** The multipart uploads of the spec, read the way Prism reads it (same file, same `$ref`s resolved). */
export async function uploadRules(specPath: string): Promise<UploadRule[]> {
  const operations = await getHttpOperationsFromSpec(specPath);
  const rules: UploadRule[] = [];
  for (const operation of operations) {
    const multipart = operation.request?.body?.contents?.find(
      (content) => content.mediaType.toLowerCase() === 'multipart/form-data',
    );
    const properties = (multipart?.schema as { properties?: Record<string, PropertySchema> } | undefined)
      ?.properties;
    if (!properties) continue;
    const files = new Map<string, number | undefined>();
    for (const [name, schema] of Object.entries(properties))
      if (isFile(schema)) files.set(name, schema['x-svc-file']?.maxBytes);
    if (files.size > 0)
      rules.push({ method: operation.method.toUpperCase(), path: pathPattern(operation.path), files });
  }
  return rules;
}
