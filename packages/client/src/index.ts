export type { APIPromise, WithResponse } from './api-promise.js';
export type { ClientOptions, PathClient, SvcClient } from './create-client.js';
export { createClient, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './create-client.js';
export type { Environment, Region } from './environments.js';
export { ENVIRONMENTS } from './environments.js';
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  SvcError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from './errors.js';
export type { NamedMethods, OperationId } from './generated/named-methods.js';
export { idempotencyKey } from './internal/idempotency-key.js';
export type { Logger, LogLevel } from './internal/logger.js';
export type { ApiKey, FetchLike } from './internal/retry-fetch.js';
export { SDK_HEADER } from './internal/sdk-headers.js';
export type { FileInput, Uploadable, UploadData } from './internal/upload-input.js';
export type { NamedData, NamedParams } from './named-method-types.js';
export { REQUEST_ID_HEADER } from './request-id.js';
export type { RequestOptions } from './request-options.js';
