// Calls that arrive while one is running wait, and go together as the next batch: one round trip for
// all of them. (By hand: DataLoader batches per tick, which calls made by separate jobs rarely share.)

/** Calls in one batch at most: a burst is split rather than sent as one unbounded statement. */
const MOST = 1_000;

/** `run` for one argument at a time, batched: `run` answers each argument of a batch in its order. */
export function coalescedCalls<A, R>(run: (batch: A[]) => Promise<R[]>): (arg: A) => Promise<R> {
  const waiting: { arg: A; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const next = () => {
    if (running || waiting.length === 0) return;
    running = true;
    const batch = waiting.splice(0, MOST);
    run(batch.map((call) => call.arg))
      .then(
        (results) => {
          for (const [i, call] of batch.entries()) call.resolve(results[i] as R);
        },
        (error: unknown) => {
          for (const call of batch) call.reject(error);
        },
      )
      .finally(() => {
        running = false;
        next();
      });
  };
  return (arg) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ arg, resolve, reject });
      next();
    });
}
