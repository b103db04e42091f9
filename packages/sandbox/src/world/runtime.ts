import { digest } from '../internal/random.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { addSeconds, schedule } from './world.js';
import type { SandboxEvent, Timer, WorldState } from './world-state.js';

/** A world and the effects that change it: what handlers and the clock work with. */
export interface WorldRuntime {
  world: WorldState;
  /** Records a webhook event in the world and hands it to delivery. */
  emit(event: Omit<SandboxEvent, 'id' | 'created_at' | 'team_id'>): void;
  /** Schedules a lifecycle event: `at` in seconds from now, or a sandbox time. */
  schedule(timer: Omit<Timer, 'at' | 'seq'> & { at: number | string }): void;
}

/** One world of the registry: its state (replaced whole by reset and restore) and its webhook delivery. */
export interface WorldEntry {
  state: WorldState;
  dispatcher: WebhookDispatcher;
  /** Wall-clock time (ms) the world's clock was last brought up to, when it runs on real time. */
  syncedAt: number;
}

/** Checks an event before it is recorded (strict mode validates it against the spec); throws to refuse. */
export type EventCheck = (event: SandboxEvent) => void;

/** The runtime of a world entry: always acts on the entry's current state. */
export function runtimeOf(entry: WorldEntry, check?: EventCheck): WorldRuntime {
  return {
    get world() {
      return entry.state;
    },
    emit(event) {
      const world = entry.state;
      world.sequence += 1;
      const full: SandboxEvent = {
        id: `msg_${digest(`${world.seed}:event:${world.sequence}`).slice(0, 24)}`,
        event_type: event.event_type,
        created_at: world.now,
        team_id: world.team_id,
        user_id: event.user_id,
        client_user_id: event.client_user_id,
        data: event.data,
      };
      check?.(full);
      world.events.push(full);
      entry.dispatcher.enqueue(full);
    },
    schedule({ at, ...timer }) {
      schedule(entry.state, typeof at === 'number' ? addSeconds(entry.state.now, at) : at, timer);
    },
  };
}
