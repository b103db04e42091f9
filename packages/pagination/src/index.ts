export {
  MaxPagesExceededError,
  PaginationError,
  RepeatedCursorError,
  StalledPageError,
} from './errors.js';
export { paginatedOperations } from './generated/paginated-operations.js';
export type {
  CursorRule,
  GroupedItem,
  ItemsShape,
  PageRule,
  PaginatedOperationEntry,
  PaginationRule,
} from './operation-types.js';
export type { GroupedToArrayOptions, PaginateOptions, ToArrayOptions } from './options.js';
export type { GroupedPageIterator, PageIterator } from './page-iterator.js';
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
