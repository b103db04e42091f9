import type { OpenApiDocument } from '@svc/spec';
import type { SpecIndex } from '../openapi/spec-index.js';
import type { SpecValidator } from '../openapi/validator.js';
import type { WorldRegistry } from '../world/world-registry.js';
import type { RateLimiter } from './rate-limit.js';

/** A document the pipeline answers: its operations and their router, and the checks of its requests. */
export interface ServedDocument {
  document: OpenApiDocument;
  index: SpecIndex;
  validator: SpecValidator;
}

/** What the request pipeline serves: the API and the control API (`/_sandbox/…`), and the worlds. */
export interface PipelineParts {
  /** The API the sandbox imitates (the bundled spec). */
  api: ServedDocument;
  /** The sandbox's own routes (control-openapi.yaml). */
  control: ServedDocument;
  /** The header that carries the API key, on both (`x-svc-api-key` in the bundled spec). */
  apiKeyHeader: string;
  registry: WorldRegistry;
  /** Check every answer against its document; one that breaks it becomes a 500. */
  strict: boolean;
  /** Saves a change before it is answered; if it throws, the change is undone and the answer is 503. */
  onCommit?: (() => Promise<void> | void) | undefined;
  /** Answers 429 once a world is over its budget; none when rate limits are off. */
  rateLimiter: RateLimiter | undefined;
}
