// The server's --state file: one writer per file (a lock holding the owner's pid), and writes that are
// serialised and atomic. Hand-written: the lock libraries (proper-lockfile, lockfile) judge a lock
// stale by its age and keep rewriting it; here a lock is stale exactly when its owner is gone.
import { randomUUID } from 'node:crypto';
import { constants, existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

// The temporary file is created new (never an existing file, never through a link planted at its name)
// and readable by its owner only, whatever sits beside the --state file.
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** A second server on a state file another live server holds. */
export class StateFileInUseError extends Error {
  constructor(
    readonly file: string,
    readonly owner: number,
  ) {
    super(
      `--state ${file} is in use by another svc-sandbox (pid ${owner}): stop it or pass another --state file (if no svc-sandbox runs as pid ${owner}, delete ${file}.lock)`,
    );
    this.name = 'StateFileInUseError';
  }
}

/** The pid a lock file names, or undefined when it is gone or names none. */
function ownerOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process runs as `pid` (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Attempts at taking a lock whose stale copy others may be clearing at the same moment. */
const LOCK_ATTEMPTS = 3;

export class StateFile {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  /**
   * Makes this process the one writer of the file until it exits: `<file>.lock` holds its pid. A lock
   * of a live process refuses with StateFileInUseError; a stale one (its process gone, or no pid in
   * it) is taken over.
   */
  lock(): void {
    const lock = `${this.path}.lock`;
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      try {
        writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
        process.once('exit', () => {
          if (ownerOf(lock) === process.pid) rmSync(lock, { force: true });
        });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = ownerOf(lock);
      // The same pid as ours is a lock left by an earlier process (a container restarts with the same pid).
      if (owner !== undefined && owner !== process.pid && isRunning(owner))
        throw new StateFileInUseError(this.path, owner);
      // Moved aside before it is removed: of two servers that found it stale, one moves it; if the other
      // then moves the first one's new lock aside, it sees another owner and puts it back.
      const aside = `${lock}.${process.pid}.stale`;
      try {
        renameSync(lock, aside);
      } catch {
        continue;
      }
      if (ownerOf(aside) !== owner) {
        try {
          linkSync(aside, lock);
        } catch {
          // A third server took the lock meanwhile: the next attempt meets it.
        }
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`could not take the lock ${lock}: other servers keep taking it`);
  }

  /** The parsed content of the file, or undefined when there is none yet. */
  read(): unknown {
    return existsSync(this.path) ? JSON.parse(readFileSync(this.path, 'utf8')) : undefined;
  }

  /**
   * Writes `state()` whole: to a temporary file renamed over the old one, so a crash mid-write leaves
   * the previous state whole. Writes are serialised; the state is taken when the write's turn comes.
   */
  save(state: () => unknown): Promise<void> {
    const run = this.writing.then(() => this.write(state()));
    this.writing = run.catch(() => {});
    return run;
  }

  private async write(state: unknown): Promise<void> {
    const temporary = `${this.path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(state), { flag: CREATE_NEW, mode: 0o600 });
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      const { code, message } = error as NodeJS.ErrnoException;
      throw new Error(`could not write --state ${this.path} (${code ?? 'error'}: ${message})`);
    }
  }
}
