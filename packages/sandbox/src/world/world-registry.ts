import { createHash } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { WebhookConfig } from '../webhooks/webhook-delivery.js';
import { WebhookDispatcher, type WebhookFetch } from '../webhooks/webhook-dispatcher.js';
import { catchUpSlice, catchUpStart } from './clock/catch-up.js';
import { createWorld, ownTables } from './state/new-world.js';
import { type EventCheck, inTurn, runtimeOf, type WorldEntry, type WorldRuntime } from './state/runtime.js';
import { checkSandboxState } from './state/state-schema.js';
import type { SandboxState, WorldState } from './state/world-state.js';

/** `real`: a world's time moves with the wall clock (and `advance` jumps ahead); `frozen`: only `advance` moves it. */
export type ClockMode = 'frozen' | 'real';

/** How often a real-time sandbox brings its worlds up to the wall clock. */
const TICK_MS = 1_000;

export interface WorldRegistryOptions {
  seed: string;
  clock: ClockMode;
  /** Sandbox time of a new world; when undefined, the wall-clock time the world is made. */
  startTime: string | undefined;
  /** Days of generated history every user has before the world began. */
  historyDays: number;
  webhookFetch: WebhookFetch;
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
    const start = this.options.startTime ?? new Date().toISOString();
    return createWorld(`${this.options.seed}:${name}`, start, this.options.historyDays);
  }

  get clock(): ClockMode {
    return this.options.clock;
  }

  /** Replaces a world's state (reset, restore, import): on real time, its clock runs on from the new state's now. */
  replace(entry: WorldEntry, state: WorldState, syncedAt = Date.now()): void {
    const before = { state: entry.state, syncedAt: entry.syncedAt };
    // Within a request, undone with the request's other steps if its change cannot be kept.
    entry.undos?.push({ undo: () => Object.assign(entry, before) });
    entry.state = ownTables(state);
    entry.syncedAt = syncedAt;
  }

  /**
   * In the world's turn, on real time: moves its clock by the wall-clock time passed since it was last
   * brought up, running the steps due on the way and handing their events to delivery, in slices
   * that yield between them, so a long catch-up (a --state file saved days ago) holds up only this
   * world's requests, never another world's.
   */
  async sync(entry: WorldEntry): Promise<void> {
    if (this.options.clock !== 'real') return;
    while (!catchUpSlice(entry, this.options.checkEvent)) await yieldToOthers();
  }

  /** `sync` at once, without yielding: for the in-process controls, which answer synchronously. */
  syncNow(entry: WorldEntry): void {
    if (this.options.clock !== 'real') return;
    while (!catchUpSlice(entry, this.options.checkEvent)) {}
  }

  private ticker: ReturnType<typeof setInterval> | undefined;

  /**
   * On real time, brings every world up to the wall clock once a second, in its turn, so scheduled
   * steps (and their webhooks) happen without a request. Unref'd: it never keeps a process alive.
   */
  private tick(): void {
    if (this.options.clock !== 'real' || this.ticker) return;
    this.ticker = setInterval(() => {
      // A step that fails here is dropped with its slice, and the world runs on from now (catch-up.ts).
      for (const entry of this.worlds.values()) inTurn(entry, () => this.sync(entry)).catch(() => {});
    }, TICK_MS);
    this.ticker.unref?.();
  }

  /** The names of the worlds made so far, oldest first. */
  worldNames(): string[] {
    return [...this.worlds.keys()];
  }

  /** Whether a world of that name was made (by a request with its key, or a restored state). */
  hasWorld(name: string): boolean {
    return this.worlds.has(name);
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
        syncedAt: Date.now(),
      };
      entry.dispatcher.config = this.options.webhooks;
      this.worlds.set(name, entry);
      this.tick();
    }
    return entry;
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
    // On real time a world catches up with the time it was stopped, from when it was saved.
    const syncedAt = this.options.clock === 'real' ? catchUpStart(state.saved_at, Date.now()) : Date.now();
    for (const [name, world] of Object.entries(state.worlds))
      this.replace(this.entry(name), structuredClone(world), syncedAt);
  }
}
