// The few shapes of the bundled OpenAPI document the reference build reads, walked and resolved with the
// spec model (@svc/spec), as every generator does.
import { eachOperation, followRef } from '@svc/spec';

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

/** The object a value is, its local `$ref`s followed; `undefined` when it is not an object. */
export const deref = (spec: JsonObject, value: Json | undefined): JsonObject | undefined =>
  followRef(spec, value) as JsonObject | undefined;

const asObject = (value: Json | undefined): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The example of a media type: its `example`, else the value of its first `examples` entry. */
function mediaExample(spec: JsonObject, media: JsonObject): { example?: Json } {
  if (media.example !== undefined) return { example: media.example };
  const first = Object.values(asObject(media.examples))[0];
  return first === undefined ? {} : { example: asObject(deref(spec, first)).value ?? null };
}

/** Every operation of the bundled spec with an operationId, in document order, parameters and body resolved. */
export function operationsOf(spec: JsonObject): Operation[] {
  return [...eachOperation(spec)].flatMap(({ method, name: path, operation, parameters }): Operation[] => {
    const raw = operation as JsonObject;
    if (typeof raw.operationId !== 'string') return [];
    const requestBody = asObject(deref(spec, raw.requestBody));
    const [contentType, media] = Object.entries(asObject(requestBody.content))[0] ?? [];
    const mediaObject = asObject(media);
    // The content of each success response: what the call resolves with.
    const responses = Object.entries(asObject(raw.responses))
      .filter(([status]) => status.startsWith('2'))
      .map(([, response]) => asObject(deref(spec, response)?.content));
    return [
      {
        method,
        path,
        operationId: raw.operationId,
        raw,
        parameters: parameters as unknown as Parameter[],
        ...(contentType && {
          body: {
            contentType,
            required: requestBody.required === true,
            schema: asObject(deref(spec, mediaObject.schema)),
            ...mediaExample(spec, mediaObject),
          },
        }),
        responseExamples: responses.flatMap((content) =>
          Object.values(content).flatMap((media) => Object.values(asObject(asObject(media).examples))),
        ),
        returnsData: responses.some((content) => Object.keys(content).length > 0),
      },
    ];
  });
}
