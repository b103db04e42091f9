// The few shapes of the bundled OpenAPI document the reference build reads, and $ref resolution.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: Json;
  examples?: Record<string, { value?: Json }>;
  schema?: JsonObject;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  raw: JsonObject;
  parameters: Parameter[];
  /** The first content type of the request body and its schema, when the operation has one. */
  body?: { contentType: string; required: boolean; schema: JsonObject; example?: Json };
  /** True when a 2xx response has content (the call resolves with data). */
  returnsData: boolean;
  /** The examples of its success responses, as given (references included). */
  responseExamples: Json[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows local `$ref`s (`#/components/...`) until a value that is not a reference. */
export function deref(spec: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  for (let depth = 0; depth < 32; depth++) {
    if (!current || typeof current !== 'object' || Array.isArray(current) || typeof current.$ref !== 'string')
      return current;
    const ref: string = current.$ref;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json | undefined>(
        (node, key) => (node && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined),
        spec,
      );
  }
  throw new Error('$ref chain deeper than 32');
}

const asObject = (value: Json | undefined): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** Every operation of the bundled spec, in document order, with parameters and body resolved. */
export function operationsOf(spec: JsonObject): Operation[] {
  const found: Operation[] = [];
  for (const [path, itemValue] of Object.entries(asObject(spec.paths))) {
    const item = asObject(deref(spec, itemValue));
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const raw = asObject(item[method]);
      if (typeof raw.operationId !== 'string') continue;
      const own = Array.isArray(raw.parameters) ? raw.parameters : [];
      const parameters = [...shared, ...own].map(
        (value) => asObject(deref(spec, value)) as unknown as Parameter,
      );
      const requestBody = asObject(deref(spec, raw.requestBody));
      const [contentType, media] = Object.entries(asObject(requestBody.content))[0] ?? [];
      const mediaObject = asObject(media);
      const firstExample = Object.values(asObject(mediaObject.examples))[0];
      const responses = Object.entries(asObject(raw.responses)).filter(([status]) => status.startsWith('2'));
      found.push({
        method,
        path,
        operationId: raw.operationId,
        raw,
        parameters,
        ...(contentType
          ? {
              body: {
                contentType,
                required: requestBody.required === true,
                schema: asObject(deref(spec, mediaObject.schema)),
                ...(mediaObject.example !== undefined
                  ? { example: mediaObject.example }
                  : firstExample !== undefined
                    ? { example: asObject(deref(spec, firstExample)).value ?? null }
                    : {}),
              },
            }
          : {}),
        responseExamples: responses.flatMap(([, response]) =>
          Object.values(asObject(asObject(deref(spec, response)).content)).flatMap((media) =>
            Object.values(asObject(asObject(media).examples)),
          ),
        ),
        returnsData: responses.some(
          ([, response]) => Object.keys(asObject(asObject(deref(spec, response)).content)).length > 0,
        ),
      });
    }
  }
  return found;
}
