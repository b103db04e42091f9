/** Something that stops when the caller's signal aborts: an attempt's controller or a retry wait. */
export interface Abortable {
  abort(): void;
}

/**
 * One listener per caller signal, however many calls share it: the listener fans the abort out to
 * the calls in flight and is removed when the last one ends. So a long-lived signal never gains
 * listeners, and many concurrent calls on one signal trip no max-listeners warning.
 */
class Fanout {
  readonly targets = new Set<Abortable>();
  handleEvent(): void {
    for (const target of this.targets) target.abort();
  }
}

const fanouts = new WeakMap<AbortSignal, Fanout>();

export function linkAbort(signal: AbortSignal, target: Abortable): void {
  let fanout = fanouts.get(signal);
  if (!fanout) {
    fanout = new Fanout();
    fanouts.set(signal, fanout);
  }
  if (fanout.targets.size === 0) signal.addEventListener('abort', fanout);
  fanout.targets.add(target);
}

export function unlinkAbort(signal: AbortSignal, target: Abortable): void {
  const fanout = fanouts.get(signal);
  if (fanout?.targets.delete(target) && fanout.targets.size === 0)
    signal.removeEventListener('abort', fanout);
}
