/** Where a world's webhooks go and the `whsec_` secret they are signed with. */
export interface WebhookConfig {
  url: string;
  secret: string;
}

/** One delivery attempt of one event. */
export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  url: string;
  attempt: number;
  /** HTTP status of the receiver's answer, or null when none came (network error). */
  status: number | null;
  error: string | null;
  delivered: boolean;
  /** Wall-clock time of the attempt (receivers check signatures against their own clock). */
  attempted_at: string;
}
