import { HttpError } from '../internal/http-error.js';
import { release, type WorldEntry } from '../world/state/runtime.js';
import type { Undo } from '../world/state/transaction.js';
import type { PipelineParts } from './pipeline-parts.js';

/**
 * One request's change to a world, kept whole or not at all: if `work` throws, or the save
 * (`onCommit`, the server's `--state`) fails, every step it took is undone, and a failed save
 * answers 503 with its cause. Its events are delivered only once the change is kept.
 */
export async function commit<T>(
  parts: PipelineParts,
  entry: WorldEntry,
  method: string,
  work: () => Promise<T>,
): Promise<T> {
  const reads = method === 'GET' || method === 'HEAD';
  const { state } = entry;
  const { sequence, timerSequence } = state;
  const mark = entry.outbox.length;
  const undos: Undo[] = [];
  const undo = () => {
    for (const step of undos.reverse()) step.undo();
    entry.outbox.length = mark;
  };
  let result: T;
  entry.undos = undos;
  try {
    result = await work();
  } catch (error) {
    undo();
    throw error;
  } finally {
    entry.undos = undefined;
  }
  // A read may still change the world (resolving a new user creates it): its counters tell.
  const changed =
    !reads ||
    entry.state !== state ||
    entry.state.sequence !== sequence ||
    entry.state.timerSequence !== timerSequence;
  if (changed && parts.onCommit) {
    try {
      await parts.onCommit();
    } catch (error) {
      undo();
      throw new HttpError(
        503,
        'state_not_saved',
        `The change was undone because it could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  release(entry);
  return result;
}
