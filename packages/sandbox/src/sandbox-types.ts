import type { ClockAdvance } from './clock-advance.js';
import type { OpenApiDocument } from './internal/spec-types.js';
import type { FetchLike } from './internal/webhook-dispatcher.js';
import type { WebhookConfig, WebhookDelivery } from './webhook-delivery.js';
import type { SandboxEvent, WorldState } from './world-state.js';

export interface SandboxOptions {
  /** Seeds ids and generated data: the same seed and key give the same world. Default `"svc-sandbox"`. */
  seed?: string | number;
  /** Validate every response against the spec at run time; an invalid one becomes a 500 naming the violations. */
  strict?: boolean;
  /** Sandbox time of a new world. Default `2026-01-05T09:00:00.000Z`. */
  startTime?: string | Date;
  /** Base URL the sandbox answers as (in-process: any origin, default `https://sandbox.svc.invalid`, which a client accepts as its `baseUrl`; the server passes its own). */
  url?: string;
  /** Key of the world `clock`, `webhooks`, `reset`, `snapshot` and `restore` act on. Default `sk_test_sandbox`. */
  apiKey?: string;
  /** Webhook destination for every new world (a world can set its own with `webhooks.configure`). */
  webhooks?: WebhookConfig;
  /** The fetch that delivers webhooks; default the global fetch. Inject one to receive in-process. */
  webhookFetch?: FetchLike;
  /** Waits between delivery attempts, in ms. Default `[500, 2000, 8000, 30000]` (five attempts). */
  webhookRetryDelaysMs?: readonly number[];
  /** The bundled OpenAPI document; default the copy shipped with this package. */
  spec?: OpenApiDocument;
}

export interface SandboxClock {
  now(): Date;
  /** Moves sandbox time forward and runs everything due on the way; resolves with how many steps ran. */
  advance(advance: ClockAdvance): number;
}

export interface SandboxWebhooks {
  configure(config: WebhookConfig): Promise<void>;
  /** Every delivery attempt, in order. */
  deliveries(): WebhookDelivery[];
  /** Every event the world emitted, delivered or not: readable without HTTP. */
  events(): SandboxEvent[];
  /** Resolves when every delivery under way has finished (delivered or out of attempts). */
  flush(): Promise<void>;
}

/** The controls of one world (one API key). */
export interface SandboxWorld {
  clock: SandboxClock;
  webhooks: SandboxWebhooks;
  /** Back to the world a fresh key gets: the same seed gives the same world again. */
  reset(): void;
  /** The world as plain JSON (webhook secrets are not part of it). */
  snapshot(): WorldState;
  restore(snapshot: WorldState): void;
}

/** Every world at once, for persistence (worlds are keyed by a digest of their key, never the key). */
export interface SandboxState {
  version: 1;
  worlds: Record<string, WorldState>;
}

export interface Sandbox extends SandboxWorld {
  url: string;
  /** The header that carries the API key, as the spec names it; each key is its own team with its own world. */
  apiKeyHeader: string;
  /** The whole API as a fetch handler: no socket, no port. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  world(apiKey: string): SandboxWorld;
  exportState(): SandboxState;
  importState(state: SandboxState): void;
}
