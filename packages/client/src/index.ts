export type { ApiKey } from './api-key.js';
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
export type { FetchLike } from './fetch-like.js';
export type { NamedMethods, OperationId } from './generated/named-methods.js';
export { REQUEST_ID_HEADER } from './headers.js';
export { idempotencyKey } from './idempotency-key.js';
export type { Logger } from './logger.js';
export type { NamedData, NamedParams } from './named-method-types.js';
export type { FileRule, OperationRules } from './operation-rules.js';
export { operationRules } from './operation-rules.js';
export type { RequestOptions } from './request-options.js';
export type { FileInput, Uploadable, UploadData } from './uploadable.js';
