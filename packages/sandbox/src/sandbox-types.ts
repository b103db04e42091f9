import type { SandboxControls } from './control-client.js';
import type { RateLimit } from './http/rate-limit.js';
import type { WebhookConfig } from './webhooks/webhook-delivery.js';
import type { WebhookFetch } from './webhooks/webhook-dispatcher.js';
import type { SandboxWorld } from './world/sandbox-world.js';
import type { SandboxState } from './world/state/world-state.js';
import type { ClockMode } from './world/world-registry.js';

export interface SandboxOptions {
  /** Seeds ids and generated data: the same seed and key give the same world. Default `"svc-sandbox"`. */
  seed?: string | number;
  /** Validate every response against the spec at run time; an invalid one becomes a 500 naming the violations. */
  strict?: boolean;
  /**
   * `'frozen'` (default in process): time moves only when `clock.advance` moves it, so tests are
   * deterministic. `'real'` (the server's default): a world's time moves with the wall clock, and
   * `clock.advance` still jumps ahead.
   */
  clock?: ClockMode;
  /** Sandbox time of a new world. Default `2026-01-05T09:00:00.000Z` on a frozen clock, the wall-clock now on a real one. */
  startTime?: string | Date;
  /** Days of generated data every user has before its world began. Default 90. */
  historyDays?: number;
  /** Base URL the sandbox answers as (in-process: any origin, default `https://sandbox.svc.invalid`, which a client accepts as its `baseUrl`; the server passes its own). */
  url?: string;
  /** Key of the world `clock`, `webhooks`, `reset`, `snapshot` and `restore` act on. Default `sk_test_sandbox`. */
  apiKey?: string;
  /** Webhook destination for every new world (a world can set its own with `webhooks.configure`). */
  webhooks?: WebhookConfig;
  /** The fetch that delivers webhooks; default the global fetch. Inject one to receive in-process. */
  webhookFetch?: WebhookFetch;
  /** Waits between delivery attempts, in ms. Default `[500, 2000, 8000, 30000]` (five attempts). */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * Requests per second per API key, with a burst: over budget, an API request is answered 429 with
   * `Retry-After`. Counted per world on real elapsed time; control routes never count. Default off.
   */
  rateLimit?: RateLimit;
  /**
   * The bundled OpenAPI document, parsed JSON; default the copy shipped with this package
   * (`@svc/sandbox/openapi.json`).
   */
  // A plain open object: the spec's object types live in a private package a consumer cannot resolve.
  spec?: Record<string, unknown>;
  /**
   * Saves a request's change before it is answered (the server's `--state` file). If it throws, the
   * change is undone, no webhook of it is sent, and the request is answered 503 with the error's message.
   */
  onCommit?: () => Promise<void> | void;
}

export interface Sandbox extends SandboxWorld {
  url: string;
  /** The header that carries the API key, as the spec names it; each key is its own team with its own world. */
  apiKeyHeader: string;
  /** The whole API as a fetch handler: no socket, no port. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  world(apiKey: string): SandboxWorld;
  /**
   * The typed controls of the `apiKey` world, through `fetch`: the same surface `sandboxControls()`
   * gives over HTTP. For another key: `sandboxControls({ baseUrl: sandbox.url, apiKey, fetch: sandbox.fetch })`.
   */
  controls: SandboxControls;
  exportState(): SandboxState;
  importState(state: SandboxState): void;
}
