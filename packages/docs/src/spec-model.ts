// An operation of the bundled OpenAPI document as the reference build reads it, walked and resolved with the
// spec model (@svc/spec), as every generator does.
import {
  eachOperation,
  followRef,
  type HttpMethod,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type SchemaObject,
} from '@svc/spec';

/** An operation with an operationId, its parameters, request body and success responses resolved. */
export interface ResolvedOperation {
  method: HttpMethod;
  path: string;
  operationId: string;
  raw: OperationObject;
  parameters: ParameterObject[];
  /** The first content type of the request body and its schema, when the operation has one. */
  body?: { contentType: string; required: boolean; schema: SchemaObject; example?: unknown };
  /** True when a 2xx response has content (the call resolves with data). */
  returnsData: boolean;
  /** The examples of its success responses, as given (references included). */
  responseExamples: unknown[];
}

/** The example of a media type: its `example`, else the value of its first `examples` entry. */
function mediaExample(spec: OpenApiDocument, media: MediaTypeObject): { example?: unknown } {
  if (media.example !== undefined) return { example: media.example };
  const first = Object.values(media.examples ?? {})[0];
  return first === undefined ? {} : { example: followRef(spec, first)?.value ?? null };
}

/** Every operation of the bundled spec with an operationId, in document order, parameters and body resolved. */
export function operationsOf(spec: OpenApiDocument): ResolvedOperation[] {
  return [...eachOperation(spec)].flatMap(({ method, name: path, operation: raw, parameters }) => {
    if (typeof raw.operationId !== 'string') return [];
    const requestBody = followRef(spec, raw.requestBody);
    const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    // The content of each success response: what the call resolves with.
    const responses = Object.entries(raw.responses ?? {})
      .filter(([status]) => status.startsWith('2'))
      .map(([, response]) => followRef(spec, response)?.content ?? {});
    return [
      {
        method,
        path,
        operationId: raw.operationId,
        raw,
        parameters,
        ...(contentType &&
          media && {
            body: {
              contentType,
              required: requestBody?.required === true,
              schema: followRef(spec, media.schema) ?? {},
              ...mediaExample(spec, media),
            },
          }),
        responseExamples: responses.flatMap((content) =>
          Object.values(content).flatMap((media) => Object.values(media.examples ?? {})),
        ),
        returnsData: responses.some((content) => Object.keys(content).length > 0),
      },
    ];
  });
}
