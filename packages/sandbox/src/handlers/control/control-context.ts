import type { operations } from '../../generated/control-api.js';
import type { ControlActions, SandboxWorld } from '../../world/sandbox-world.js';
import type { HandlerResult } from '../operation-context.js';

/** An operation of the control API (control-openapi.yaml), by operationId. */
export type ControlOperationId = keyof operations;

/** The JSON body an operation of the control API takes, as its validator let it through. */
export type ControlBody<Id extends ControlOperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : undefined;

/** The path parameters of an operation of the control API, percent-decoded. */
export type ControlPath<Id extends ControlOperationId> = operations[Id] extends {
  parameters: { path: infer Path };
}
  ? Path
  : Record<string, never>;

/** What a control handler gets: the caller's world and the request its document's checks let through. */
export interface ControlContext<Id extends ControlOperationId> {
  controls: ControlActions & SandboxWorld;
  path: ControlPath<Id>;
  body: ControlBody<Id>;
  /** Whether the API documents a webhook event of this name (a template's `<resource>` filled in). */
  isDocumentedEvent(name: string): boolean;
}

export type ControlHandler<Id extends ControlOperationId> = (
  context: ControlContext<Id>,
) => HandlerResult | Promise<HandlerResult>;
