/** Why `svc-sandbox` could not listen, as its one line on stderr and the exit code it stops with. */
export interface ListenFailure {
  message: string;
  exitCode: number;
}

/** Codes of a `--host` that is no address of this machine: a bad argument (exit 2), as svc-sync's. */
const NOT_HERE = ['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'];

/** The line for an error `listen` failed with: a busy port, a port not allowed, an address not here. */
export function listenFailure(error: unknown, host: string, port: number): ListenFailure {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE')
    return {
      message: `port ${port} on ${host} is already in use: stop the process using it or pass --port <another port> (0 picks a free one)`,
      exitCode: 1,
    };
  if (code === 'EACCES')
    return {
      message: `not allowed to listen on ${host}:${port}: pick a port above 1023 with --port`,
      exitCode: 1,
    };
  if (NOT_HERE.includes(code ?? ''))
    return {
      message: `cannot listen on ${host}:${port} (${code}): pass --host 127.0.0.1 or another address of this machine`,
      exitCode: 2,
    };
  // Anything else is still one line, with Node's own words, never a stack.
  return { message: `cannot listen on ${host}:${port} (${code ?? 'error'}): ${message}`, exitCode: 1 };
}
