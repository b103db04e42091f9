// Starts serve-registry.mjs as a child process and signs in to it: a registry a partner's npm can
// install from by name, and a token changesets can publish with. Stopped by its process id.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./serve-registry.mjs', import.meta.url));
const START_MS = 60_000;
const STOP_MS = 10_000;

/**
 * @param {string} storage an empty folder for the registry's packages
 * @returns {Promise<{ url: string, token: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startRegistry(storage) {
  mkdirSync(storage, { recursive: true });
  const child = spawn(process.execPath, [SERVER, storage], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await firstLine(child, exited, () => stderr);
    return { url, token: await signUp(url), pid: child.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The URL the server prints first, or why it did not (its stderr), within START_MS. */
async function firstLine(
  /** @type {import('node:child_process').ChildProcess} */ child,
  /** @type {Promise<unknown>} */ exited,
  /** @type {() => string} */ stderr,
) {
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const line = await Promise.race([
    once(lines, 'line').then(([text]) => String(text)),
    exited.then(() => {
      throw new Error(`the local registry exited before listening:\n${stderr()}`);
    }),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the local registry did not listen within ${START_MS} ms`)),
        START_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  lines.close();
  child.stdout?.resume(); // Verdaccio's own warnings go on to nowhere; stderr is kept for a failure
  return JSON.parse(/** @type {string} */ (line)).url;
}

/** Creates the rehearsal's publisher on the registry (as `npm adduser` does) and answers its token. */
async function signUp(/** @type {string} */ url) {
  const name = 'rehearsal';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `pw-${process.pid}-${Date.now()}` }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = /** @type {{ token?: string }} */ (await response.json());
  if (!response.ok || !body.token)
    throw new Error(`the local registry refused a publisher: ${response.status}`);
  return body.token;
}
