// The walk (cursor and page styles, the guards against endless walks) lives in @svc/client, which
// also iterates its paginated methods directly; this package keeps `paginate(client)` and re-exports
// the walk's public types and errors under their old import path.
export type {
  CursorRule,
  GroupedItem,
  GroupedPageIterator,
  GroupedToArrayOptions,
  ItemsShape,
  PageIterator,
  PageRule,
  PaginatedOperationEntry,
  PaginateOptions,
  PaginationRule,
  ToArrayOptions,
} from '@svc/client';
export {
  MaxPagesExceededError,
  PaginationError,
  RepeatedCursorError,
  StalledPageError,
} from '@svc/client';
export { paginatedOperations } from './generated/paginated-operations.js';
export type {
  PaginatableClient,
  PaginatedItem,
  PaginatedIterator,
  PaginatedOperationId,
  PaginatedPage,
  PaginatedParams,
  PaginationApi,
} from './paginate.js';
export { paginate } from './paginate.js';
