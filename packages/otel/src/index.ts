// The public entry: one export statement per module.
export { ATTR_SVC_REQUEST_ID } from './client-attempts.js';
export {
  INSTRUMENTATION_NAME,
  SvcInstrumentation,
  type SvcInstrumentationConfig,
} from './svc-instrumentation.js';
export { ATTR_SYNC_OUTCOME, ATTR_SYNC_RESOURCE } from './sync-windows.js';
