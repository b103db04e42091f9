import { accessSync, constants, createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CliFailure, EXIT } from './exit-codes.js';

/** The ids of a users file, one per line (blank lines and `#` comments skipped), read as they are needed. */
async function* usersOfFile(path: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    const user = line.trim();
    if (user && !user.startsWith('#')) yield user;
  }
}

/** `--users` checked before the store is opened: a list naming a user, or a file this process can read. */
export function checkUsers(value: string): void {
  if (!value.startsWith('@')) {
    if (!value.split(',').some((user) => user.trim()))
      throw new CliFailure('--users lists no user', EXIT.usage);
    return;
  }
  try {
    accessSync(value.slice(1), constants.R_OK);
  } catch {
    throw new CliFailure(`--users ${value}: cannot read ${value.slice(1)}`, EXIT.usage);
  }
}

/**
 * `--users alice,bob` or `--users @users.txt` (one client user id per line; blank lines and `#` comments
 * skipped), with how many there are. A file is counted in one pass first (so progress can say "n of N"
 * and estimate the whole run), then read line by line as the run goes: a million users take no more
 * memory than ten.
 */
export async function readUsers(value: string): Promise<{ users: AsyncIterable<string>; count: number }> {
  if (!value.startsWith('@')) {
    const users = value
      .split(',')
      .map((user) => user.trim())
      .filter(Boolean);
    if (users.length === 0) throw new CliFailure('--users lists no user', EXIT.usage);
    return {
      users: (async function* () {
        yield* users;
      })(),
      count: users.length,
    };
  }
  const path = value.slice(1);
  await access(path).catch(() => {
    throw new CliFailure(`--users ${value}: cannot read ${path}`, EXIT.usage);
  });
  let count = 0;
  for await (const _ of usersOfFile(path)) count++;
  if (count === 0) throw new CliFailure(`--users ${value}: ${path} lists no user`, EXIT.usage);
  return { users: usersOfFile(path), count };
}
