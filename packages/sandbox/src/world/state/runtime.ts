import { keepNewest } from '../../internal/keep-newest.js';
import { digest } from '../../internal/random.js';
import type { WebhookDispatcher } from '../../webhooks/webhook-dispatcher.js';
import { addSeconds, MAX_EVENTS_PER_WORLD, schedule } from './new-world.js';
import { Journal, type Undo } from './transaction.js';
import type { SandboxEvent, Timer, WorldState } from './world-state.js';

/** A world and the effects that change it: what handlers and the clock work with. */
export interface WorldRuntime {
  world: WorldState;
  /** Records a webhook event in the world; it is delivered once the change that made it is kept. */
  emit(event: Omit<SandboxEvent, 'id' | 'created_at' | 'team_id'>): void;
  /** Schedules a lifecycle event: `at` in seconds from now, or a sandbox time. */
  schedule(timer: Omit<Timer, 'at' | 'seq'> & { at: number | string }): void;
  /**
   * Runs `change` as one step: if it throws, the world and its undelivered events return to how they
   * were. A step inside another joins it; a step inside a request is undone with it if the request's
   * change cannot be kept.
   */
  transact<T>(change: () => T): T;
}

/** One world of the registry: its state (replaced whole by reset and restore) and its webhook delivery. */
export interface WorldEntry {
  state: WorldState;
  dispatcher: WebhookDispatcher;
  /** Events of changes not yet kept: handed to delivery by `release`. */
  outbox: SandboxEvent[];
  /** The world's requests act one at a time (`inTurn`), so a change is kept or undone whole. */
  turn: Promise<void>;
  /** Wall-clock time (ms) the world's clock was last brought up to, when it runs on real time. */
  syncedAt: number;
  /** The journal of the step under way, if any: a step inside it joins it. */
  journal?: Journal | undefined;
  /** While a request runs: the undo of each of its steps, for its commit to undo if it cannot be kept. */
  undos?: Undo[] | undefined;
}

/** Hands the events of kept changes to delivery. */
export function release(entry: WorldEntry): void {
  for (const event of entry.outbox.splice(0)) entry.dispatcher.enqueue(event);
}

/** Runs `work` once the world's earlier requests are done. */
export function inTurn<T>(entry: WorldEntry, work: () => Promise<T>): Promise<T> {
  const run = entry.turn.then(work);
  entry.turn = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
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
      world.droppedEvents = (world.droppedEvents ?? 0) + keepNewest(world.events, MAX_EVENTS_PER_WORLD);
      entry.outbox.push(full);
    },
    schedule({ at, ...timer }) {
      schedule(entry.state, typeof at === 'number' ? addSeconds(entry.state.now, at) : at, timer);
    },
    transact(change) {
      if (entry.journal) return change();
      const journal = new Journal(entry.state);
      const mark = entry.outbox.length;
      entry.journal = journal;
      try {
        const result = change();
        journal.close();
        entry.undos?.push(journal);
        return result;
      } catch (error) {
        journal.undo();
        entry.outbox.length = mark;
        throw error;
      } finally {
        entry.journal = undefined;
      }
    },
  };
}
