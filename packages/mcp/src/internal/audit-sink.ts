import { openSync, writeSync } from 'node:fs';
import type { AuditEntry } from '../audit-entry.js';

/**
 * Audit lines as JSON lines on a file descriptor, written synchronously: a call's line is on disk (or
 * on stderr) before its result is returned, and a failed write withholds the result.
 */
export const auditToFd =
  (fd: number) =>
  (entry: AuditEntry): void => {
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  };

/** The default audit trail: stderr, which an MCP client keeps out of the protocol (stdout). */
export const stderrAudit = auditToFd(2);

/** An audit file, appended to; created readable by its owner only, since it names the reads of health data. */
export const fileAudit = (path: string) => auditToFd(openSync(path, 'a', 0o600));
