import { createHash } from 'node:crypto';
import type { WebhookConfig } from '../webhooks/webhook-delivery.js';
import { type FetchLike, WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { type EventCheck, runtimeOf, type WorldEntry, type WorldRuntime } from './runtime.js';
import { createWorld } from './world.js';
import { checkSandboxState } from './world-schema.js';
import type { WorldState } from './world-state.js';

/** Every world at once, for persistence (worlds are keyed by a digest of their key, never the key). */
export interface SandboxState {
  version: 1;
  worlds: Record<string, WorldState>;
}

export interface WorldRegistryOptions {
  seed: string;
  startTime: string;
  webhookFetch: FetchLike;
  retryDelaysMs: readonly number[];
  /** Webhook destination of every new world. */
  webhooks: WebhookConfig | undefined;
  /** Runs on every event before it is recorded. */
  checkEvent?: EventCheck;
}

/** The worlds of a sandbox, one per API key, each made on first use from the seed and the key. */
export class WorldRegistry {
  private readonly worlds = new Map<string, WorldEntry>();
  // A one-way hash names each world, so snapshots and state files never hold an API key.
  private readonly names = new Map<string, string>();

  constructor(private readonly options: WorldRegistryOptions) {}

  /** The name of a key's world: a digest of the key. */
  nameOf(apiKey: string): string {
    let name = this.names.get(apiKey);
    if (name === undefined) {
      name = createHash('sha256').update(`svc-sandbox-world:${apiKey}`).digest('hex').slice(0, 32);
      this.names.set(apiKey, name);
    }
    return name;
  }

  /** The world a fresh key gets: the same seed gives the same world again. */
  fresh(name: string): WorldState {
    return createWorld(`${this.options.seed}:${name}`, this.options.startTime);
  }

  entry(name: string): WorldEntry {
    let entry = this.worlds.get(name);
    if (!entry) {
      const { webhookFetch, retryDelaysMs } = this.options;
      entry = {
        state: this.fresh(name),
        dispatcher: new WebhookDispatcher(webhookFetch, retryDelaysMs),
        outbox: [],
        turn: Promise.resolve(),
      };
      entry.dispatcher.config = this.options.webhooks;
      this.worlds.set(name, entry);
    }
    return entry;
  }

  runtime(entry: WorldEntry): WorldRuntime {
    return runtimeOf(entry, this.options.checkEvent);
  }

  exportState(): SandboxState {
    return {
      version: 1,
      worlds: Object.fromEntries(
        [...this.worlds].map(([name, entry]) => [name, structuredClone(entry.state)]),
      ),
    };
  }

  /** Replaces the worlds named in `state`, after checking every one of them whole (422 naming the path). */
  importState(state: SandboxState): void {
    checkSandboxState(state);
    for (const [name, world] of Object.entries(state.worlds)) this.entry(name).state = structuredClone(world);
  }
}
