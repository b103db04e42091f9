import { listenProblem } from '@svc/server-edge/listen-problem';

/** Why `svc-sandbox` could not listen, as its one line on stderr and the exit code it stops with. */
export interface ListenFailure {
  message: string;
  exitCode: number;
}

/** The line for an error `listen` failed with: a busy port, a port not allowed, an address not here. */
export function listenFailure(error: unknown, host: string, port: number): ListenFailure {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (listenProblem(error)) {
    case 'port-in-use':
      return {
        message: `port ${port} on ${host} is already in use: stop the process using it or pass --port <another port> (0 picks a free one)`,
        exitCode: 1,
      };
    case 'not-allowed':
      return {
        message: `not allowed to listen on ${host}:${port}: pick a port above 1023 with --port`,
        exitCode: 1,
      };
    case 'not-here':
      // A bad argument (exit 2), as svc-sync's.
      return {
        message: `cannot listen on ${host}:${port} (${code}): pass --host 127.0.0.1 or another address of this machine`,
        exitCode: 2,
      };
    default:
      // Anything else is still one line, with Node's own words, never a stack.
      return { message: `cannot listen on ${host}:${port} (${code ?? 'error'}): ${message}`, exitCode: 1 };
  }
}
