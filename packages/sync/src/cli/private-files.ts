// Files a command writes at a path the user names (`export --out`): each is written as a new file of
// its own, created with O_EXCL|O_NOFOLLOW readable by its owner only, and renamed over the name at the
// end. A link, a FIFO or any other non-regular file planted at the name is refused and never opened,
// and a file another user owns there is replaced, not written into (its owner could read it).
import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The mode of every file written: users' health data, readable by the exporting user only. */
export const PRIVATE_MODE = 0o600;

/** A name in the output folder holds something other than a regular file: refused, never followed. */
export class UnsafeTargetError extends Error {
  readonly code = 'EUNSAFE';
  readonly syscall = 'open';
  constructor(
    readonly path: string,
    kind: string,
  ) {
    super(`${basename(path)} is ${kind}, not a regular file: remove it or choose another --out`);
    this.name = 'UnsafeTargetError';
  }
}

function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSocket()) return 'a socket';
  return 'a device';
}

/** Refuses `path` when something other than a regular file is there (it is looked at, never opened). */
export async function checkReplaceable(path: string): Promise<void> {
  const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats && !stats.isFile()) throw new UnsafeTargetError(path, kindOf(stats));
}

// O_NONBLOCK too: were the new name ever a FIFO, the open returns at once instead of waiting for a reader.
const CREATE_NEW =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const CHUNK = 64 * 1024;

/** A file being written: `write` in order, then `commit` (renamed over its name) or `discard`. */
export interface PrivateFile {
  readonly path: string;
  write(text: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Starts writing `path` privately: a new file beside it (a random name, created exclusively, never
 * through a link) that `commit` renames over `path` once it is whole. A non-regular file at `path` is
 * refused before anything is written, and again at the rename.
 */
export async function writePrivately(path: string): Promise<PrivateFile> {
  await checkReplaceable(path);
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  const handle = await open(temporary, CREATE_NEW, PRIVATE_MODE);
  // Lines are gathered into chunks of about 64 KiB: one write per chunk, not per line.
  let chunk: string[] = [];
  let chunkLength = 0;
  const flush = async () => {
    if (chunkLength === 0) return;
    const text = chunk.join('');
    chunk = [];
    chunkLength = 0;
    await handle.write(text);
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  try {
    // The umask may have taken bits away, never added them; set exactly the mode wanted.
    await handle.chmod(PRIVATE_MODE);
  } catch (error) {
    await close();
    await rm(temporary, { force: true });
    throw error;
  }
  return {
    path,
    write: async (text) => {
      chunk.push(text);
      chunkLength += text.length;
      if (chunkLength >= CHUNK) await flush();
    },
    commit: async () => {
      await flush();
      await handle.sync();
      await close();
      try {
        await checkReplaceable(path);
        // rename replaces the name itself: a link put there meanwhile is replaced, never followed.
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    discard: async () => {
      await close().catch(() => {});
      await rm(temporary, { force: true });
    },
  };
}

/** Writes `text` to `path` whole and privately (see `writePrivately`). */
export async function writeFilePrivately(path: string, text: string): Promise<void> {
  const file = await writePrivately(path);
  try {
    await file.write(text);
  } catch (error) {
    await file.discard();
    throw error;
  }
  await file.commit();
}
