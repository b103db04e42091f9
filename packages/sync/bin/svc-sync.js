#!/usr/bin/env node
// Committed shim so pnpm can link the bin before the first build; the CLI itself is built to dist/.
// First it sets V8's young generation, which a heap only takes at start: from V8 13 (Node 23+) a
// semi-space grows to 64 MB, so a fleet run peaks near 240 MB where 16 MB (Node 20's and 22's maximum)
// keeps it under 150 MB at the same speed. `process.execve` restarts this same process with the flag
// (same PID, same stdio, nothing left behind); where Node has no execve (Windows), one child runs the
// CLI. A `--max-semi-space-size` the user gave (NODE_OPTIONS or node's own arguments) is theirs to keep.
import { spawn } from 'node:child_process';

/** MB per semi-space (the young generation is two of them): Node 20's and 22's own maximum. */
const SEMI_SPACE_MB = 16;
const GIVEN = /^--max[-_]semi[-_]space[-_]size(=|$)/;
const nodeLine = Number(process.versions.node.split('.')[0]);
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  GIVEN.test(arg),
);

if (nodeLine < 23 || given) await import('../dist/cli.js');
else {
  const args = [`--max-semi-space-size=${SEMI_SPACE_MB}`, ...process.execArgv, ...process.argv.slice(1)];
  if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...args]);
  else {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    // The child is the CLI: a signal for it is passed on, and its exit is this process's.
    const pass = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
    process.on('SIGINT', pass).on('SIGTERM', pass);
    child.once('error', (error) => {
      process.stderr.write(`svc-sync: could not start Node (${error.message})\n`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', pass).off('SIGTERM', pass);
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  }
}
