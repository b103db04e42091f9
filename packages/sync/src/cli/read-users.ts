import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CliFailure, EXIT } from './exit-codes.js';

/**
 * `--users alice,bob` or `--users @users.txt` (one client user id per line; blank lines and `#` comments
 * skipped). A file is read line by line as the run goes, so a million users take no more memory than ten.
 */
export async function readUsers(value: string): Promise<AsyncIterable<string>> {
  if (!value.startsWith('@')) {
    const users = value
      .split(',')
      .map((user) => user.trim())
      .filter(Boolean);
    if (users.length === 0) throw new CliFailure('--users lists no user', EXIT.usage);
    return (async function* () {
      yield* users;
    })();
  }
  const path = value.slice(1);
  await access(path).catch(() => {
    throw new CliFailure(`--users ${value}: cannot read ${path}`, EXIT.usage);
  });
  return (async function* () {
    const lines = createInterface({
      input: createReadStream(path, 'utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    for await (const line of lines) {
      const user = line.trim();
      if (user && !user.startsWith('#')) yield user;
    }
  })();
}
