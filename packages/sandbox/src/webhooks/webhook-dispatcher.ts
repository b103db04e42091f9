import { SECRET_PREFIX, signWebhook } from '@svc/events';
import { keepNewest } from '../internal/keep-newest.js';
import type { WebhookConfig, WebhookDelivery } from './webhook-delivery.js';

/** What the sandbox sends each webhook delivery through (a test may pass its own to see or refuse them). */
export type WebhookFetch = (input: Request) => Promise<Response>;

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

/** The most delivery attempts a world's log keeps; older ones are dropped (and counted) first. */
export const MAX_DELIVERIES_PER_WORLD = 1_000;

/** Throws a TypeError (never quoting the URL or the secret) unless `config` can sign and be sent to. */
export async function checkWebhookConfig(config: WebhookConfig): Promise<void> {
  if (typeof config?.url !== 'string' || !/^https?:\/\//i.test(config.url) || !URL.canParse(config.url))
    throw new TypeError('webhook url must be an absolute http(s) URL');
  const url = new URL(config.url);
  // Every delivery would carry them, and the delivery log would show them.
  if (url.username || url.password)
    throw new TypeError('webhook url must not contain a user name or password (user:pass@)');
  if (typeof config.secret !== 'string' || !config.secret.startsWith(SECRET_PREFIX))
    throw new TypeError(
      `webhook secret must be a ${SECRET_PREFIX} secret (${SECRET_PREFIX} followed by base64)`,
    );
  await signWebhook('', { secret: config.secret, id: 'msg_check', timestamp: 0 });
}

/** The bytes and headers one delivery attempt sent, for the console's signature check. */
export interface SentDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Deliveries of one world under way at once; the rest wait their turn in order. */
export const MAX_CONCURRENT_DELIVERIES = 8;

/**
 * Sends a world's events to its registered URL, signed the Standard Webhooks way, retrying with
 * backoff on a network error or a non-2xx answer, and logs every attempt. At most
 * MAX_CONCURRENT_DELIVERIES run at once and at most MAX_DELIVERIES_PER_WORLD wait, so a long clock
 * advance toward a slow receiver holds a bounded number of connections.
 */
export class WebhookDispatcher {
  config: WebhookConfig | undefined;
  readonly deliveries: WebhookDelivery[] = [];
  /** What each logged attempt sent: its body and signature headers (kept as long as the attempt is logged). */
  private readonly sentBy = new WeakMap<WebhookDelivery, SentDelivery>();
  /** Attempts dropped from `deliveries`, and events dropped unsent from a full queue (oldest first). */
  droppedDeliveries = 0;
  private readonly pending = new Set<Promise<void>>();
  private readonly waiting: Array<{ event: DeliverableEvent; config: WebhookConfig }> = [];

  constructor(
    private readonly fetch: WebhookFetch,
    private readonly retryDelaysMs: readonly number[],
  ) {}

  enqueue(event: DeliverableEvent): void {
    const config = this.config;
    if (!config) return;
    this.waiting.push({ event, config });
    this.droppedDeliveries += keepNewest(this.waiting, MAX_DELIVERIES_PER_WORLD);
    this.pump();
  }

  /** Resources with a delivery under way: the next event of one waits until it is done. */
  private readonly busy = new Set<string>();

  /**
   * Starts waiting deliveries, oldest first, up to the limit. Events of one resource go out one at a
   * time in the order they were emitted (the next waits until the one before is delivered or out of
   * attempts); different resources go out concurrently, so their relative order is not kept.
   */
  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.pending.size < MAX_CONCURRENT_DELIVERIES; ) {
      const { event, config } = this.waiting[i] as (typeof this.waiting)[number];
      const resource = resourceOf(event);
      if (this.busy.has(resource)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.busy.add(resource);
      const run: Promise<void> = this.deliver(event, config).finally(() => {
        this.pending.delete(run);
        this.busy.delete(resource);
        this.pump();
      });
      this.pending.add(run);
    }
  }

  /** What a logged attempt sent, while it is in the log. */
  sent(record: WebhookDelivery): SentDelivery | undefined {
    return this.sentBy.get(record);
  }

  /** Resolves when every delivery under way or waiting has succeeded or used up its attempts. */
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
        this.sentBy.set(record, { body, headers: { ...headers } });
        const response = await this.fetch(
          new Request(config.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
            signal: AbortSignal.timeout(10_000),
            // A redirect would re-send the signed event, clinical data included, wherever it points.
            redirect: 'manual',
          }),
        );
        await response.body?.cancel();
        record.status = response.status;
        record.delivered = response.ok;
        if (response.status >= 300 && response.status < 400)
          record.error = `the receiver answered ${response.status}: redirects are not followed`;
        else if (!response.ok) record.error = `the receiver answered ${response.status}`;
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      this.deliveries.push(record);
      this.droppedDeliveries += keepNewest(this.deliveries, MAX_DELIVERIES_PER_WORLD);
      if (record.delivered) return;
    }
  }
}
