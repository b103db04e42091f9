import { openSync, writeSync } from 'node:fs';
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

/**
 * An audit file, appended to; created readable by its owner only, since it names the reads of health
 * data. A regular file's descriptor blocks, so the line is on disk before the result is returned, and a
 * failed write (a full disk) withholds the result.
 */
export const fileAudit = (path: string) => {
  const fd = openSync(path, 'a', 0o600);
  return (entry: AuditEntry): void => {
    writeSync(fd, line(entry));
  };
};
