// The public entry: one export statement per module, types marked inline.
export type { ApiKey } from './api-key.js';
export type { APIPromise, WithResponse } from './api-promise.js';
export { ATTEMPT_CHANNEL, type AttemptMessage } from './attempt-channel.js';
export {
  type ClientOptions,
  createClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type PathClient,
  type SvcClient,
} from './create-client.js';
export { ENVIRONMENTS, type Environment, type Region } from './environments.js';
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
  ResponseTooLargeError,
  SvcError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from './errors.js';
export type { FetchLike } from './fetch-like.js';
export type { NamedMethods, OperationId } from './generated/named-methods.js';
// `<Operation>Params`, `<Operation>Response` and `<Operation>Item` for every operation: generated names,
// so listing them here would be a hand-kept copy of the spec's operation list.
export type * from './generated/operation-types.js';
export { REQUEST_ID_HEADER, SDK_HEADER } from './headers.js';
export type { HttpAgent } from './http-agent.js';
export { idempotencyKey } from './idempotency-key.js';
export type { Logger, LogLevel } from './logger.js';
export type { NamedData, NamedParams } from './named-method-types.js';
export { type FileRule, type OperationRules, operationRules } from './operation-rules.js';
export type { GroupedPageIterator, PageIterator } from './page-iterator.js';
export {
  DEFAULT_MAX_PAGES,
  type GroupedToArrayOptions,
  type PaginateOptions,
  type ToArrayOptions,
} from './page-iterator-options.js';
export type { PagePromise } from './page-promise.js';
export {
  MaxPagesExceededError,
  PaginationError,
  RepeatedCursorError,
  StalledPageError,
} from './pagination-errors.js';
export type {
  CursorRule,
  GroupedItem,
  GroupedItemOf,
  ItemsShape,
  PageRule,
  PaginationRule,
} from './pagination-rules.js';
export type { RequestOptions } from './request-options.js';
export { SNIFF_BYTES, sniffMediaType } from './sniff-media-type.js';
export type { FileInput, Uploadable, UploadData } from './uploadable.js';
