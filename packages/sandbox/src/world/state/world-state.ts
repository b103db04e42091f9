import type { Scenario } from './scenarios.js';

/** A user of a world. */
export interface SandboxUser {
  user_id: string;
  client_user_id: string;
  created_on: string;
  scenario: Scenario;
  connected_sources: Array<{ created_on: string; source: { name: string; slug: string; logo: string } }>;
}

export interface SandboxOrder {
  id: string;
  user_id: string;
  team_id: string;
  state: string;
  scenario: Scenario;
  created_at: string;
  updated_at: string;
  request: Record<string, unknown>;
  events: Array<{ id: number; created_at: string; status: string; status_detail: string | null }>;
  low_level_status: string | null;
  appointment_id: string | null;
  psc_appointment_id: string | null;
}

export interface SandboxAppointment {
  id: string;
  kind: 'phlebotomy' | 'patient_service_center';
  state: string;
  user_id: string;
  order_id: string;
  address: Record<string, unknown>;
  provider: string;
  start_at: string | null;
  end_at: string | null;
  appointment_notes: string | null;
  events: Array<{ created_at: string; status: string; data?: Record<string, unknown> }>;
}

export interface SandboxParsingJob {
  id: string;
  state: string;
  scenario: Scenario;
  created_at: string;
  updated_at: string;
  file: { content_type: string; size: number; name: string };
  results: Array<Record<string, unknown>>;
}

export interface SandboxLinkToken {
  user_id: string;
  provider: string | null;
  state: string;
  scenario: Scenario;
  created_at: string;
}

/** Something the clock does when it reaches `at`. */
export interface Timer {
  at: string;
  seq: number;
  kind: 'order' | 'phlebotomy' | 'psc' | 'parsing' | 'data' | 'daily';
  id: string;
  event: string;
}

/** A webhook event as sent: `event_type` names it, `data` carries the resource. */
export interface SandboxEvent {
  id: string;
  event_type: string;
  created_at: string;
  user_id: string | null;
  client_user_id: string | null;
  team_id: string;
  data: Record<string, unknown>;
}

export interface IdempotencyRecord {
  operation: string;
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Everything one API key sees. Plain JSON: a snapshot is this object. */
export interface WorldState {
  version: 1;
  seed: string;
  team_id: string;
  now: string;
  /** Start of the generated history of every user (a time before the world began); none before it. */
  historyFrom?: string;
  sequence: number;
  timerSequence: number;
  users: Record<string, SandboxUser>;
  userIdsByClientId: Record<string, string>;
  linkTokens: Record<string, SandboxLinkToken>;
  signInTokens: Record<string, string>;
  orders: Record<string, SandboxOrder>;
  appointments: Record<string, SandboxAppointment>;
  parsingJobs: Record<string, SandboxParsingJob>;
  idempotency: Record<string, IdempotencyRecord>;
  timers: Timer[];
  /** The newest events, at most MAX_EVENTS_PER_WORLD of them. */
  events: SandboxEvent[];
  /** How many older events were dropped to keep `events` within its cap. */
  droppedEvents?: number;
}

/** Every world at once, for persistence (worlds are keyed by a digest of their key, never the key). */
export interface SandboxState {
  version: 1;
  /**
   * Wall-clock time of the export: on real time, an imported world catches up from there. A time
   * later than now or more than ten years back is refused (`saved_at_out_of_range`); none means now.
   */
  saved_at?: string;
  worlds: Record<string, WorldState>;
}
