// An attempt that ends its client call with an error, inside a sync window, is not yet a failure: the
// window may read again (a 429 it waits out). Its span is held, its end time kept, until the window ends:
// only the last one of a window that failed is an ERROR; the others keep their error.type, status unset.
import { type Span, SpanStatusCode } from '@opentelemetry/api';

interface Held {
  span: Span;
  type: string;
  /** When the attempt ended (epoch ms): the span ends at that time, not at the window's end. */
  endTime: number;
}

export interface WindowAttempts {
  /** A window's span started: attempts under it may be held until it ends. */
  open(window: Span): void;
  /** Holds `attempt` until `window` ends; false when there is no such open window (end it now). */
  hold(window: Span | undefined, attempt: Span, type: string, endTime: number): boolean;
  /** Ends the window's held attempts: the last one an ERROR when the window `failed`. */
  close(window: Span, failed: boolean): void;
}

export function windowAttempts(): WindowAttempts {
  const held = new WeakMap<Span, Held[]>();
  return {
    open: (window) => void held.set(window, []),
    hold(window, span, type, endTime) {
      const list = window ? held.get(window) : undefined;
      if (!list) return false;
      list.push({ span, type, endTime });
      return true;
    },
    close(window, failed) {
      const list = held.get(window) ?? [];
      held.delete(window);
      list.forEach(({ span, type, endTime }, index) => {
        if (failed && index === list.length - 1)
          span.setStatus({ code: SpanStatusCode.ERROR, message: type });
        span.end(endTime);
      });
    },
  };
}
