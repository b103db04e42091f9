export {
  CONTROL_ROUTES,
  type SandboxAppointmentRecord,
  SandboxControlError,
  type SandboxControls,
  type SandboxControlsOptions,
  type SandboxEventRecord,
  type SandboxOrderRecord,
  type SandboxParsingJobRecord,
  sandboxControls,
  type TriggerOptions,
} from './control-client.js';
export {
  createSandbox,
  DEFAULT_API_KEY,
  DEFAULT_HISTORY_DAYS,
  DEFAULT_START_TIME,
} from './create-sandbox.js';
export { CLOCK_HEADER } from './http/handle-request.js';
export type { RateLimit } from './http/rate-limit.js';
export {
  type GraphState,
  type LifecycleGraph,
  lifecycleGraph,
  lifecycleMermaid,
  lifecyclesMarkdown,
} from './machines/lifecycle-graph.js';
export {
  LIFECYCLES,
  type Lifecycle,
  type LifecycleState,
  lifecycleStates,
  type Transition,
  transitionsOf,
} from './machines/lifecycles.js';
export type { Sandbox, SandboxOptions } from './sandbox-types.js';
export type { RequestLogEntry } from './serve/request-log.js';
export { type SandboxServer, type ServeOptions, serveSandbox } from './serve-sandbox.js';
export type { WebhookConfig, WebhookDelivery } from './webhooks/webhook-delivery.js';
export type { ClockAdvance } from './world/clock/advance.js';
export type { SandboxClock, SandboxWebhooks, SandboxWorld } from './world/sandbox-world.js';
export { SCENARIO_HEADER, SCENARIOS, type Scenario } from './world/state/scenarios.js';
export type { SandboxEvent, SandboxState, WorldState } from './world/state/world-state.js';
export { INCORRECT_MFA_CODE } from './world/users/link.js';
export { UNKNOWN_USER_PREFIX } from './world/users/users.js';
export type { ClockMode } from './world/world-registry.js';
