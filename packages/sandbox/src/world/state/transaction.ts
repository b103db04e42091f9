import { TABLES, type TableName } from './new-world.js';
import type { WorldState } from './world-state.js';

/** What undoes one change to a world. */
export interface Undo {
  undo(): void;
}

const ABSENT = Symbol('absent');

/**
 * The undo of one synchronous change to a world, written as the change goes, so it costs what the
 * change touches rather than a copy of the whole world: the top-level fields and the two logs
 * (timers, events) are copied when it opens, and a record of a table is copied the first time the
 * change reads or writes it. Hand-written rather than immer: immer hands back new objects for
 * everything it changes, and a world is held by reference (its entry, its requests in flight).
 */
export class Journal implements Undo {
  private readonly top: WorldState;
  private readonly timers: WorldState['timers'];
  private readonly events: WorldState['events'];
  private readonly raw = new Map<TableName, Record<string, unknown>>();
  private readonly prior = new Map<TableName, Map<string, unknown>>();

  /** Opens the journal: until `close`, the world's tables are watched. */
  constructor(private readonly world: WorldState) {
    this.top = { ...world };
    this.timers = [...world.timers];
    this.events = [...world.events];
    for (const name of Object.keys(TABLES) as TableName[]) {
      const table = world[name] as unknown as Record<string, unknown>;
      const prior = new Map<string, unknown>();
      const remember = (key: string | symbol) => {
        if (typeof key !== 'string' || prior.has(key)) return;
        prior.set(key, Object.hasOwn(table, key) ? structuredClone(table[key]) : ABSENT);
      };
      this.raw.set(name, table);
      this.prior.set(name, prior);
      (world as unknown as Record<string, unknown>)[name] = new Proxy(table, {
        get(target, key) {
          remember(key);
          return Reflect.get(target, key);
        },
        set(target, key, value) {
          remember(key);
          return Reflect.set(target, key, value);
        },
        defineProperty(target, key, descriptor) {
          remember(key);
          return Reflect.defineProperty(target, key, descriptor);
        },
        deleteProperty(target, key) {
          remember(key);
          return Reflect.deleteProperty(target, key);
        },
      });
    }
  }

  /** Stops watching: the world's tables are its own again (a world is cloned and saved only so). */
  close(): void {
    for (const [name, table] of this.raw) (this.world as unknown as Record<string, unknown>)[name] = table;
  }

  /** Puts the world back as it was when the journal opened (also after `close`). */
  undo(): void {
    this.close();
    for (const [name, prior] of this.prior) {
      const table = this.raw.get(name) as Record<string, unknown>;
      for (const [key, value] of prior) {
        if (value === ABSENT) delete table[key];
        else table[key] = value;
      }
    }
    for (const key of Object.keys(this.world))
      if (!Object.hasOwn(this.top, key)) delete (this.world as unknown as Record<string, unknown>)[key];
    Object.assign(this.world, this.top, { timers: this.timers, events: this.events });
  }
}
