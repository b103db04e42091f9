// What a command that opens a store is, as ../cli.ts runs it: each file under commands/ (but migrate,
// which opens its store itself) exports one as `command`.
import type { SyncStore } from '../stores/store.js';
import type { Values } from './parse-command.js';

export interface Command {
  /**
   * What it checks before the store is touched or a request sent: its options in --help's order, then the
   * key and service URL (a variable not set must not hide a mistyped option).
   */
  check?: (values: Values) => void;
  run: (values: Values, store: SyncStore, signal: AbortSignal) => Promise<number>;
}
