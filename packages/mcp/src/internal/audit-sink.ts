import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import type { AuditEntry } from '../audit-entry.js';
import { processStderr } from './stderr-lines.js';

const line = (entry: AuditEntry) => `${JSON.stringify(entry)}\n`;

/**
 * The default audit trail: one JSON line per call on stderr, which an MCP client keeps out of the
 * protocol (stdout). Queued in order behind the server's other stderr lines, never blocking a call: a
 * host that does not read stderr gets its results, and lines past the stderr bound are dropped and
 * counted (see `stderr-lines.ts`).
 */
export const stderrAudit = (entry: AuditEntry): void => processStderr().write(line(entry));

/** Why an audit file was refused: a link at its path, or something other than a regular file. */
export class AuditFileError extends Error {
  override name = 'AuditFileError';
}

/**
 * Append, create (readable by its owner only), never through a symbolic link (one planted at the path
 * would send the trail, or a new file, wherever it points), and never wait on a FIFO without a reader.
 * Platforms without O_NOFOLLOW (Windows) get 0 and follow.
 */
const OPEN_FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

/**
 * An audit file, appended to; created readable by its owner only, since it names the reads of health
 * data. A regular file's descriptor blocks, so the line is on disk before the result is returned, and a
 * failed write (a full disk) withholds the result. A symbolic link at the path, or a path that is not a
 * regular file, is refused (`AuditFileError`).
 */
export const fileAudit = (path: string) => {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new AuditFileError(`${path} is a symbolic link: name the file itself`);
    if ((error as NodeJS.ErrnoException).code === 'ENXIO')
      throw new AuditFileError(`${path} is not a regular file`);
    throw error;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new AuditFileError(`${path} is not a regular file`);
  }
  return (entry: AuditEntry): void => {
    writeSync(fd, line(entry));
  };
};
