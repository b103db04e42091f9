import {
  createPageIterator,
  type GroupedPageIterator,
  type PageCall,
  type PageIterator,
  type PaginateOptions,
  type SvcClient,
  ValidationError,
} from '@svc/client';
import { type PaginatedOperations, paginatedOperations } from './generated/paginated-operations.js';

/** operationId of every operation the spec marks with `x-svc-pagination`. */
export type PaginatedOperationId = keyof PaginatedOperations;
/** Request params of a paginated operation (its path, query and header parameters), typed from the spec. */
export type PaginatedParams<Op extends PaginatedOperationId> = PaginatedOperations[Op]['params'];
/** One response body of a paginated operation, typed from the spec. */
export type PaginatedPage<Op extends PaginatedOperationId> = PaginatedOperations[Op]['page'];
/** What `for await` yields for a paginated operation. */
export type PaginatedItem<Op extends PaginatedOperationId> = PaginatedOperations[Op]['item'];

/** The iterator of an operation: grouped timeseries get the `mergeByProvider` option of `toArray()`. */
export type PaginatedIterator<Op extends PaginatedOperationId> =
  PaginatedItem<Op> extends {
    provider: string;
    source: infer Source;
    point: infer Point;
  }
    ? GroupedPageIterator<Point, Source, PaginatedPage<Op>>
    : PageIterator<PaginatedItem<Op>, PaginatedPage<Op>>;

/** Params may be left out when the operation has no required parameter. */
type ParamsArgs<Op extends PaginatedOperationId> =
  object extends PaginatedParams<Op>
    ? [params?: PaginatedParams<Op>, options?: PaginateOptions]
    : [params: PaginatedParams<Op>, options?: PaginateOptions];

/** What `paginate` needs of a client from `@svc/client`: the named method of each paginated operation. */
export type PaginatableClient = Pick<SvcClient, PaginatedOperationId>;

/** What `paginate(client)` returns: one method per paginated operation, and `iterate` by operationId. */
export type PaginationApi = {
  [Op in PaginatedOperationId]: (...args: ParamsArgs<Op>) => PaginatedIterator<Op>;
} & {
  iterate<Op extends PaginatedOperationId>(operationId: Op, ...args: ParamsArgs<Op>): PaginatedIterator<Op>;
};

const isOperationId = (name: string): name is PaginatedOperationId =>
  Object.hasOwn(paginatedOperations, name);

/**
 * Extends a client with async iterators for every paginated operation, the Octokit way:
 * `const pages = paginate(client); for await (const point of pages.getStepsGrouped({ user_id, start_date })) {}`.
 * `defaults` apply to every walk; options given to a method override them.
 */
export function paginate(client: PaginatableClient, defaults: PaginateOptions = {}): PaginationApi {
  const iterate = (operationId: string, params?: object, options?: PaginateOptions) => {
    if (!isOperationId(operationId)) {
      throw new ValidationError('operationId', `"${operationId}" is not a paginated operation of the spec`);
    }
    const method = (client as unknown as Record<string, unknown>)[operationId];
    if (typeof method !== 'function') {
      throw new ValidationError('client', `has no method ${operationId}; pass a client from @svc/client`);
    }
    const call: PageCall = (pageParams, pageOptions) => method.call(client, pageParams, pageOptions);
    // The walk itself (cursors, page numbers, the guards) is the client's, shared with its own `for await`.
    return createPageIterator({
      operationId,
      rule: paginatedOperations[operationId].rule,
      params,
      call,
      options: { ...defaults, ...options },
    });
  };
  const api: Record<string, unknown> = { iterate };
  for (const operationId of Object.keys(paginatedOperations)) {
    api[operationId] = (params?: object, options?: PaginateOptions) => iterate(operationId, params, options);
  }
  return api as PaginationApi;
}
