import type { WorldControl } from '../http/handle-request.js';
import type { WorldRegistry } from '../world/world-registry.js';

/** What the console reads and acts through: a sandbox's worlds, and their control routes by world name. */
export interface ConsoleParts {
  registry: WorldRegistry;
  control: WorldControl;
}
