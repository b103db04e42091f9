import { ERROR_TYPE_VALUE_OTHER } from '@opentelemetry/semantic-conventions';

/** `error.type` of what an operation threw: its class's name (`TimeoutError`), else `_OTHER`. */
export const errorTypeOf = (error: unknown): string =>
  error instanceof Error && error.name !== 'Error' ? error.name : ERROR_TYPE_VALUE_OTHER;
