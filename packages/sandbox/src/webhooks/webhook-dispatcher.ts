import { SECRET_PREFIX, signWebhook } from '@svc/events';
import type { WebhookConfig, WebhookDelivery } from './webhook-delivery.js';

export type FetchLike = (input: Request) => Promise<Response>;

/** What delivery reads of an event: its id (the `webhook-id`), type and resource; the whole event is the body. */
export interface DeliverableEvent {
  id: string;
  event_type: string;
  user_id?: string | null;
  data?: Record<string, unknown>;
}

/** The resource an event is about: the record it carries (`data.id`), else its user. */
export const resourceOf = (event: DeliverableEvent): string =>
  typeof event.data?.id === 'string'
    ? `resource:${event.data.id}`
    : event.user_id
      ? `user:${event.user_id}`
      : `event:${event.id}`;

/** Default waits between attempts: an exponential backoff of five attempts in about 40 seconds. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 2_000, 8_000, 30_000] as const;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
  });

/** Throws a TypeError (never quoting the secret) unless `config` can sign and be sent to. */
export async function checkWebhookConfig(config: WebhookConfig): Promise<void> {
  if (typeof config?.url !== 'string' || !/^https?:\/\//.test(config.url) || !URL.canParse(config.url))
    throw new TypeError('webhook url must be an absolute http(s) URL');
  if (typeof config.secret !== 'string' || !config.secret.startsWith(SECRET_PREFIX))
    throw new TypeError(
      `webhook secret must be a ${SECRET_PREFIX} secret (${SECRET_PREFIX} followed by base64)`,
    );
  await signWebhook('', { secret: config.secret, id: 'msg_check', timestamp: 0 });
}

/**
 * Sends a world's events to its registered URL, signed the Standard Webhooks way, retrying with
 * backoff on a network error or a non-2xx answer, and logs every attempt.
 */
export class WebhookDispatcher {
  config: WebhookConfig | undefined;
  readonly deliveries: WebhookDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly fetch: FetchLike,
    private readonly retryDelaysMs: readonly number[],
  ) {}

  /** The last delivery queued of each resource, which the next one of that resource waits for. */
  private readonly lastOf = new Map<string, Promise<void>>();

  /**
   * Queues an event's delivery. Events of one resource go out one at a time in the order they were
   * emitted (the next waits until the previous is delivered or out of attempts); different resources
   * are delivered concurrently, so their relative order is not kept.
   */
  enqueue(event: DeliverableEvent): void {
    const config = this.config;
    if (!config) return;
    const resource = resourceOf(event);
    const previous = this.lastOf.get(resource) ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.deliver(event, config))
      .finally(() => {
        this.pending.delete(run);
        if (this.lastOf.get(resource) === run) this.lastOf.delete(resource);
      });
    this.lastOf.set(resource, run);
    this.pending.add(run);
  }

  /** Resolves when every delivery under way has succeeded or used up its attempts. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(event: DeliverableEvent, config: WebhookConfig): Promise<void> {
    const body = JSON.stringify(event);
    for (let attempt = 1; attempt <= this.retryDelaysMs.length + 1; attempt++) {
      if (attempt > 1) await sleep(this.retryDelaysMs[attempt - 2] as number);
      const record: WebhookDelivery = {
        event_id: event.id,
        event_type: event.event_type,
        url: config.url,
        attempt,
        status: null,
        error: null,
        delivered: false,
        attempted_at: new Date().toISOString(),
      };
      try {
        const headers = await signWebhook(body, { secret: config.secret, id: event.id });
        const response = await this.fetch(
          new Request(config.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
            signal: AbortSignal.timeout(10_000),
          }),
        );
        await response.body?.cancel();
        record.status = response.status;
        record.delivered = response.ok;
        if (!response.ok) record.error = `the receiver answered ${response.status}`;
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      this.deliveries.push(record);
      if (record.delivered) return;
    }
  }
}
