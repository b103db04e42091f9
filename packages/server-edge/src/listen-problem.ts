// Why a server could not listen, read from the error's code once for every CLI that binds a port (the
// sync's receiver, console and metrics, the sandbox): each words its own line and exit code from it.

/**
 * What the operator has to change: `port-in-use` (another process holds it), `not-allowed` (a port
 * below 1024 without the right), `not-here` (the host is no address of this machine, or does not
 * resolve); undefined for any other error.
 */
export type ListenProblem = 'port-in-use' | 'not-allowed' | 'not-here';

const PROBLEMS: Record<string, ListenProblem> = {
  EADDRINUSE: 'port-in-use',
  EACCES: 'not-allowed',
  EADDRNOTAVAIL: 'not-here',
  ENOTFOUND: 'not-here',
  EAI_AGAIN: 'not-here',
  EAI_NONAME: 'not-here',
};

/** The problem a failed `listen` names, from its error's code. */
export function listenProblem(error: unknown): ListenProblem | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && Object.hasOwn(PROBLEMS, code) ? PROBLEMS[code] : undefined;
}
