import type { Scenario } from '../scenarios.js';
import type { SandboxEvent, Timer, WorldState } from '../world-state.js';
import type { SpecOperation } from './spec-index.js';

/** A world and the effects that change it: what handlers and the clock work with. */
export interface WorldRuntime {
  world: WorldState;
  /** Records a webhook event in the world and hands it to delivery. */
  emit(event: Omit<SandboxEvent, 'id' | 'created_at' | 'team_id'>): void;
  /** Schedules a lifecycle event: `at` in seconds from now, or a sandbox time. */
  schedule(timer: Omit<Timer, 'at' | 'seq'> & { at: number | string }): void;
}

/** What an operation handler gets: the caller's world and the validated request. */
export interface OperationContext extends WorldRuntime {
  operation: SpecOperation;
  /** Every operation of the served spec by operationId, for what a handler reads of another one. */
  operations: ReadonlyMap<string, SpecOperation>;
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
