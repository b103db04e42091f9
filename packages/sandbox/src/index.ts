export { bundledSpecPath } from './bundled-spec-path.js';
export type { ClockAdvance } from './clock-advance.js';
export {
  createSandbox,
  DEFAULT_API_KEY,
  DEFAULT_START_TIME,
  type Sandbox,
  type SandboxClock,
  type SandboxOptions,
  type SandboxState,
  type SandboxWebhooks,
  type SandboxWorld,
} from './create-sandbox.js';
export { INCORRECT_MFA_CODE } from './handlers/link.js';
export { UNKNOWN_USER_PREFIX } from './handlers/users.js';
export {
  LIFECYCLES,
  type Lifecycle,
  type LifecycleState,
  lifecycleStates,
  lifecyclesMarkdown,
  type Transition,
  transitionsOf,
} from './machines/lifecycles.js';
export { SCENARIO_HEADER, SCENARIOS, type Scenario } from './scenarios.js';
export { type SandboxServer, type ServeOptions, serveSandbox } from './serve-sandbox.js';
export type { WebhookConfig, WebhookDelivery } from './webhook-delivery.js';
export type { SandboxEvent, WorldState } from './world-state.js';
