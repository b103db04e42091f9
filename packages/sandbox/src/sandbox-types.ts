import type { OpenApiDocument } from './openapi/spec-types.js';
import type { WebhookConfig } from './webhooks/webhook-delivery.js';
import type { FetchLike } from './webhooks/webhook-dispatcher.js';
import type { SandboxWorld } from './world/world-controls.js';
import type { SandboxState } from './world/world-registry.js';

export interface SandboxOptions {
  /** Seeds ids and generated data: the same seed and key give the same world. Default `"svc-sandbox"`. */
  seed?: string | number;
  /** Validate every response against the spec at run time; an invalid one becomes a 500 naming the violations. */
  strict?: boolean;
  /** Sandbox time of a new world. Default `2026-01-05T09:00:00.000Z`. */
  startTime?: string | Date;
  /** Base URL the sandbox answers as (in-process: any origin; the server passes its own). */
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
  exportState(): SandboxState;
  importState(state: SandboxState): void;
}
