import { createHash } from 'node:crypto';
import type { WebhookConfig } from '../webhooks/webhook-delivery.js';
import { type FetchLike, WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { advanceClock } from './advance-clock.js';
import { type EventCheck, runtimeOf, type WorldEntry, type WorldRuntime } from './runtime.js';
import { createWorld } from './world.js';
import { checkSandboxState } from './world-schema.js';
import type { WorldState } from './world-state.js';

/** Every world at once, for persistence (worlds are keyed by a digest of their key, never the key). */
export interface SandboxState {
  version: 1;
  /** Wall-clock time of the export: on real time, an imported world catches up from there. */
  saved_at?: string;
  worlds: Record<string, WorldState>;
}

/** `real`: a world's time moves with the wall clock (and `advance` jumps ahead); `frozen`: only `advance` moves it. */
export type ClockMode = 'frozen' | 'real';

export interface WorldRegistryOptions {
  seed: string;
  clock: ClockMode;
  /** Sandbox time of a new world; when undefined, the wall-clock time the world is made. */
  startTime: string | undefined;
  /** Days of generated history every user has before the world began. */
  historyDays: number;
  webhookFetch: FetchLike;
  retryDelaysMs: readonly number[];
  /** Webhook destination of every new world. */
  webhooks: WebhookConfig | undefined;
  /** Runs on every event before it is recorded. */
  checkEvent?: EventCheck;
}

/** How often a real-time sandbox brings its worlds up to the wall clock. */
const TICK_MS = 1_000;

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
    const start = this.options.startTime ?? new Date().toISOString();
    return createWorld(`${this.options.seed}:${name}`, start, this.options.historyDays);
  }

  get clock(): ClockMode {
    return this.options.clock;
  }

  /** A key's world, made on first use; on real time, its clock is first brought up to the wall clock. */
  entry(name: string): WorldEntry {
    let entry = this.worlds.get(name);
    if (!entry) {
      const { webhookFetch, retryDelaysMs } = this.options;
      entry = {
        state: this.fresh(name),
        dispatcher: new WebhookDispatcher(webhookFetch, retryDelaysMs),
        outbox: [],
        turn: Promise.resolve(),
        syncedAt: Date.now(),
      };
      entry.dispatcher.config = this.options.webhooks;
      this.worlds.set(name, entry);
      this.tick();
    }
    this.sync(entry);
    return entry;
  }

  /** Replaces a world's state (reset, restore): on real time, its clock runs on from the new state's now. */
  replace(entry: WorldEntry, state: WorldState, syncedAt = Date.now()): void {
    entry.state = state;
    entry.syncedAt = syncedAt;
  }

  /** On real time, moves a world's clock by the wall-clock time passed since it was last synced. */
  private sync(entry: WorldEntry): void {
    if (this.options.clock !== 'real') return;
    const wall = Date.now();
    const elapsed = wall - entry.syncedAt;
    if (elapsed <= 0) return;
    entry.syncedAt = wall;
    advanceClock(this.runtime(entry), { seconds: elapsed / 1000 });
  }

  private ticker: ReturnType<typeof setInterval> | undefined;

  /**
   * On real time, brings every world up to the wall clock once a second, so scheduled steps (and their
   * webhooks) happen without a request to trigger them. Unref'd: it never keeps a process alive.
   */
  private tick(): void {
    if (this.options.clock !== 'real' || this.ticker) return;
    this.ticker = setInterval(() => {
      for (const entry of this.worlds.values()) {
        try {
          this.sync(entry);
        } catch {
          // A step that fails here fails the same way on the world's next request, which reports it.
        }
      }
    }, TICK_MS);
    this.ticker.unref?.();
  }

  /** Stops the real-time ticker (the server calls this when it closes). */
  stop(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  runtime(entry: WorldEntry): WorldRuntime {
    return runtimeOf(entry, this.options.checkEvent);
  }

  exportState(): SandboxState {
    return {
      version: 1,
      saved_at: new Date().toISOString(),
      worlds: Object.fromEntries(
        [...this.worlds].map(([name, entry]) => [name, structuredClone(entry.state)]),
      ),
    };
  }

  /** Replaces the worlds named in `state`, after checking every one of them whole (422 naming the path). */
  importState(state: SandboxState): void {
    checkSandboxState(state);
    for (const [name, world] of Object.entries(state.worlds)) {
      const savedAt = Date.parse(state.saved_at ?? '');
      this.replace(
        this.entry(name),
        structuredClone(world),
        Number.isNaN(savedAt) ? Date.now() : Math.min(savedAt, Date.now()),
      );
    }
  }
}
