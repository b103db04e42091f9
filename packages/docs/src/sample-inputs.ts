// Reads what an operation's code samples send, from the bundled spec: its required parameters and the
// smallest valid body, with example values the spec gives. Pure (spec → plain data); code-samples.ts
// renders it as an `@svc/client` call and as curl.
import { ExampleValues } from './example-values.js';
import { type Json, type JsonObject, type Operation, operationsOf } from './spec-model.js';

/** Headers the client sends itself (the key from `apiKey`, the idempotency key per call). */
const CLIENT_HEADERS = new Set(['x-svc-api-key', 'idempotency-key']);

const isBinary = (schema: Json | undefined): boolean =>
  !!schema && typeof schema === 'object' && !Array.isArray(schema) && schema.format === 'binary';

export interface SampleInputs {
  /** Required path, query and header parameters the caller passes, with example values. */
  params: Array<{ name: string; in: string; value: Json }>;
  /** The request body with example values; binary fields are file names. */
  body?: { contentType: string; value: JsonObject; files: string[] };
}

/** The values both samples use: required parameters and the smallest valid body. */
export function sampleInputs(operation: Operation, examples: ExampleValues): SampleInputs {
  const params = operation.parameters
    .filter((parameter) => parameter.required && !CLIENT_HEADERS.has(parameter.name.toLowerCase()))
    .map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      value:
        parameter.example ??
        Object.values(parameter.examples ?? {})[0]?.value ??
        examples.value(parameter.name, parameter.schema as Json),
    }));
  if (!operation.body) return { params };
  const { schema, contentType, example } = operation.body;
  const properties = (schema.properties ?? {}) as JsonObject;
  const files = Object.keys(properties).filter((key) => isBinary(properties[key]));
  // A copy: the spec's own example is not to be changed by the file names put in it.
  const value =
    example && typeof example === 'object' && !Array.isArray(example)
      ? { ...example }
      : examples.object(schema);
  for (const file of files) value[file] = 'report.pdf';
  return { params, body: { contentType, value, files } };
}

/** One operation and what its samples send. */
export interface OperationSampleInputs {
  operation: Operation;
  inputs: SampleInputs;
}

/** Every operation of the spec with an operationId, in document order, with its sample inputs. */
export function readSampleInputs(spec: JsonObject): OperationSampleInputs[] {
  const examples = new ExampleValues(spec);
  return operationsOf(spec).map((operation) => {
    // Values from the operation's own response examples first: they describe the same entity.
    examples.preferExamples(operation.responseExamples);
    return { operation, inputs: sampleInputs(operation, examples) };
  });
}
