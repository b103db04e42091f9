/** Waits for `close`, at most `ms`: with Redis down, closing would otherwise wait for a reconnect. */
export async function closeWithin(
  ms: number,
  close: () => Promise<unknown>,
  force: () => Promise<unknown>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const closed = close().catch(() => {});
  if ((await Promise.race([closed, late])) === 'late') await force().catch(() => {});
  clearTimeout(timer);
}
