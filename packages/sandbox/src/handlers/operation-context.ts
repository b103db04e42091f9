import type { IndexedOperation } from '../openapi/spec-index.js';
import type { WorldRuntime } from '../world/state/runtime.js';
import type { Scenario } from '../world/state/scenarios.js';

/** What an operation handler gets: the caller's world and the validated request. */
export interface OperationContext extends WorldRuntime {
  operation: IndexedOperation;
  /** Every operation of the served spec by operationId, for what a handler reads of another one. */
  operations: ReadonlyMap<string, IndexedOperation>;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Headers;
  /** Parsed JSON body, or the form fields of a multipart body (files as `File`). */
  body: unknown;
  /** The scenario named by the request header, if any. */
  scenario: Scenario | undefined;
}

export interface HandlerResult {
  status: number;
  body: unknown;
}

export type OperationHandler = (context: OperationContext) => HandlerResult | Promise<HandlerResult>;
