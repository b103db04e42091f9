// Reads what an operation's code samples send, from the bundled spec: its required parameters and the
// smallest valid body, with example values the spec gives. Pure (spec → plain data); code-samples.ts
// renders it as an `@svc/client` call and as curl.
import { headerParameterName, type OpenApiDocument, type SchemaObject } from '@svc/spec';
import { ExampleValues } from './example-values.js';
import { operationsOf, type ResolvedOperation } from './spec-model.js';

/** The headers the client sends itself, as the spec names them (its shared parameters of the same names). */
export interface ClientHeaders {
  /** The API key, on every call (`createClient({ apiKey })`). */
  apiKey: string;
  /** The idempotency key, one per call of an `x-svc-idempotent` operation. */
  idempotencyKey: string;
}

export const clientHeaders = (spec: OpenApiDocument): ClientHeaders => ({
  apiKey: headerParameterName(spec, 'apiKey'),
  idempotencyKey: headerParameterName(spec, 'idempotencyKey'),
});

const isBinary = (schema: SchemaObject | undefined): boolean => schema?.format === 'binary';

export interface SampleInputs {
  /** Required path, query and header parameters the caller passes, with example values. */
  params: Array<{ name: string; in: string; value: unknown }>;
  /** The request body with example values; binary fields are file names. */
  body?: { contentType: string; value: Record<string, unknown>; files: string[] };
}

/** The values both samples use: required parameters (but the client's own headers) and the smallest valid body. */
export function sampleInputs(
  operation: ResolvedOperation,
  examples: ExampleValues,
  headers: ClientHeaders,
): SampleInputs {
  const sentByClient = new Set(Object.values(headers).map((name) => name.toLowerCase()));
  const params = operation.parameters
    .filter((parameter) => parameter.required && !sentByClient.has(parameter.name.toLowerCase()))
    .map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      value:
        parameter.example ??
        Object.values(parameter.examples ?? {})[0]?.value ??
        examples.value(parameter.name, parameter.schema),
    }));
  if (!operation.body) return { params };
  const { schema, contentType, example } = operation.body;
  const properties = schema.properties ?? {};
  const files = Object.keys(properties).filter((key) => isBinary(properties[key]));
  // A copy: the spec's own example is not to be changed by the file names put in it.
  const value =
    example && typeof example === 'object' && !Array.isArray(example)
      ? { ...(example as Record<string, unknown>) }
      : examples.object(schema);
  for (const file of files) value[file] = 'report.pdf';
  return { params, body: { contentType, value, files } };
}

/** One operation and what its samples send. */
export interface OperationSampleInputs {
  operation: ResolvedOperation;
  inputs: SampleInputs;
}

/** Every operation of the spec with an operationId, in document order, with its sample inputs. */
export function readSampleInputs(spec: OpenApiDocument): OperationSampleInputs[] {
  const examples = new ExampleValues(spec);
  const headers = clientHeaders(spec);
  return operationsOf(spec).map((operation) => {
    // Values from the operation's own response examples first: they describe the same entity.
    examples.preferExamples(operation.responseExamples);
    return { operation, inputs: sampleInputs(operation, examples, headers) };
  });
}
