// Writes a receipt where the partner asked, safely: readable by its owner only (0600), never through a
// symbolic link, and whole or not at all (a temporary file beside it, synced, then renamed over it).
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SyncInputError } from '../errors/errors.js';
import type { ErasureReceipt } from './receipt.js';

export function writeReceipt(path: string, receipt: ErasureReceipt): void {
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(path);
  } catch {
    // Not there yet: created below.
  }
  if (existing?.isSymbolicLink())
    throw new SyncInputError(`the receipt file ${path} is a symbolic link: give the path of a regular file`);
  if (existing && !existing.isFile())
    throw new SyncInputError(`the receipt file ${path} is not a regular file`);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // O_EXCL with O_NOFOLLOW: a file (or link) someone put at the temporary name is never written through.
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    fchmodSync(fd, 0o600); // whatever the umask
    writeSync(fd, `${JSON.stringify(receipt, null, 2)}\n`);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, path); // rename replaces a link put at `path` meanwhile, never follows it
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    rmSync(temporary, { force: true });
    throw error;
  }
}
