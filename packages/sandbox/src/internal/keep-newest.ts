/** Drops the oldest entries of `log` beyond `cap` (a log a request can grow); returns how many went. */
export function keepNewest(log: unknown[], cap: number): number {
  const over = log.length - cap;
  if (over <= 0) return 0;
  log.splice(0, over);
  return over;
}
