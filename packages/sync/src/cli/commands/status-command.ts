// svc-sync status: what the store holds, what is owed, what failed and why, and how far each resource's
// newest data is behind its latest run's end time. Reads only: it never migrates or binds the store.
import { storeCoverage } from '../../console/store-coverage.js';
import { redactSecrets } from '../../errors/redact-secrets.js';
import {
  lagMs,
  type ResourceStatus,
  type SyncStore,
  userFailureOf,
  type WindowKey,
} from '../../stores/store.js';
import { integer } from '../cli-values.js';
import type { Command } from '../command.js';
import { EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';

/** The secrets this process knows, kept out of every message it prints (stored ones are redacted already). */
const redact = (text: string) =>
  redactSecrets(text, [process.env.SVC_API_KEY, process.env.SVC_WEBHOOK_SECRET]);

/** A duration as the operator reads it: `2d 3h`, `9h 0m`, `4m 10s`, `800ms`. */
export function durationText(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s >= 86_400) return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return ms >= 1000 ? `${s}s` : `${ms}ms`;
}

const windowText = (w: WindowKey) => `${w.userId} ${w.resource} ${w.provider} ${w.start}..${w.end}`;

function resourceLine(status: ResourceStatus, rows: number): string {
  const lag = lagMs(status);
  const fresh =
    status.newestData === null
      ? 'no data yet'
      : `newest data ${status.newestData}${lag === null ? '' : `, ${durationText(lag)} behind the run end ${status.asOf}`}`;
  const owed = `${status.pending} pending, ${status.failed} failed`;
  const oldest = status.oldestPending ? `; oldest pending ${windowText(status.oldestPending)}` : '';
  return `${status.resource}: ${rows} rows; ${fresh}; ${owed}${oldest}`;
}

async function statusCommand(values: Values, store: SyncStore): Promise<number> {
  const counts = await store.status();
  const resources = await store.resourceStatus();
  const limit = integer('limit', values.limit, 50);
  const failures = values.failed
    ? {
        users: (await store.failedUsers(limit)).map((user) => ({
          clientUserId: user.clientUserId,
          ...userFailureOf(redact(user.error ?? '')),
        })),
        windows: (await store.failedWindows(limit)).map(({ failure, ...window }) => ({
          ...window,
          error: failure.error,
          status: failure.status,
          message: redact(failure.message),
        })),
      }
    : undefined;
  if (values.json) {
    const byResource = Object.fromEntries(
      resources.map(({ resource, ...status }) => [
        resource,
        { rows: counts.rows[resource] ?? 0, ...status, lagMs: lagMs(status) },
      ]),
    );
    // Each resource's users × days map, as `svc-sync serve` draws it (the same function).
    const coverage = Object.fromEntries(
      (await storeCoverage(store)).map(({ resource, ...map }) => [resource, map]),
    );
    process.stdout.write(
      `${JSON.stringify({ ...counts, resources: byResource, coverage, ...(failures ? { failures } : {}) })}\n`,
    );
    return EXIT.ok;
  }
  for (const status of resources)
    process.stdout.write(`${resourceLine(status, counts.rows[status.resource] ?? 0)}\n`);
  process.stdout.write(
    `windows pending: ${counts.pending}, failed: ${counts.failed}; users failed: ${counts.failedUsers}\n`,
  );
  if (!failures) return EXIT.ok;
  const more = (shown: number, total: number) =>
    total > shown ? ` (the first ${shown} of ${total}: --limit)` : '';
  process.stdout.write(`failed users${more(failures.users.length, counts.failedUsers)}:\n`);
  for (const user of failures.users)
    process.stdout.write(
      `  ${user.clientUserId}: ${user.error}${user.status === null ? '' : ` ${user.status}`}: ${user.message}\n`,
    );
  process.stdout.write(`failed windows${more(failures.windows.length, counts.failed)}:\n`);
  for (const window of failures.windows)
    process.stdout.write(
      `  ${windowText(window)}: ${window.error}${window.status === null ? '' : ` ${window.status}`}: ${window.message}\n`,
    );
  return EXIT.ok;
}

/** `svc-sync status`, as ../cli.ts runs it. */
export const command: Command = { run: statusCommand };
