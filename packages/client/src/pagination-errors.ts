// Errors of a walk that would otherwise never end. They extend the client's SvcError, so one catch covers both.
// Bad input (toArray without a limit, an unknown operation) throws the client's own ValidationError.
import { SvcError } from './errors.js';
import { nameErrors } from './internal/name-errors.js';

/** Base class of the errors a pagination walk throws on its own (request failures stay the client's errors). */
export class PaginationError extends SvcError {
  /** The paginated operation, e.g. `getStepsGrouped`. */
  readonly operationId: string;
  /** Pages the walk yielded before it stopped. */
  readonly pagesYielded: number;

  constructor(operationId: string, pagesYielded: number, message: string) {
    super(`${operationId}: ${message}`);
    this.operationId = operationId;
    this.pagesYielded = pagesYielded;
  }
}

/** The service returned a cursor it had already returned in this walk: following it would loop forever. */
export class RepeatedCursorError extends PaginationError {
  readonly cursor: string;

  constructor(operationId: string, pagesYielded: number, cursor: string) {
    super(operationId, pagesYielded, `the service returned cursor "${cursor}" a second time`);
    this.cursor = cursor;
  }
}

/** A page-numbered response echoed a page number that is not after the previous page's. */
export class StalledPageError extends PaginationError {
  readonly page: number;
  readonly previousPage: number;

  constructor(operationId: string, pagesYielded: number, page: number, previousPage: number) {
    super(
      operationId,
      pagesYielded,
      `asked for the next page but got page ${page} after page ${previousPage}`,
    );
    this.page = page;
    this.previousPage = previousPage;
  }
}

/** The walk needed more pages than its `maxPages` option allows. */
export class MaxPagesExceededError extends PaginationError {
  readonly maxPages: number;

  constructor(operationId: string, maxPages: number) {
    super(
      operationId,
      maxPages,
      `more than maxPages (${maxPages}) pages; raise maxPages or narrow the query`,
    );
    this.maxPages = maxPages;
  }
}

nameErrors({ PaginationError, RepeatedCursorError, StalledPageError, MaxPagesExceededError });
