// svc-sync status: how complete every user is up to a day (per resource: complete, behind by how much,
// the worst users, the days owed), what failed and why, and with --check an exit code cron can alert
// on. Reads only: it never migrates or binds the store. The figures are readFleetStatus's.
import { storeCoverage } from '../../console/store-coverage.js';
import { checkFleet } from '../../status/check-fleet.js';
import { listFailures } from '../../status/list-failures.js';
import { readFleetStatus } from '../../status/read-fleet-status.js';
import type { SyncStore, WindowKey } from '../../stores/store.js';
import { integer } from '../cli-values.js';
import type { Command } from '../command.js';
import { dayOrInstantOption } from '../date-options.js';
import { durationOf } from '../duration.js';
import { EXIT } from '../exit-codes.js';
import { resourceText, targetText, usersText } from '../fleet-text.js';
import type { Values } from '../parse-command.js';

const windowText = (w: WindowKey & { clientUserId: string | null }) =>
  `${w.clientUserId ?? `(user id ${w.userId})`} ${w.resource} ${w.provider} ${w.start}..${w.end}`;

function checkStatus(values: Values): void {
  if (values.to !== undefined) dayOrInstantOption('to', values.to);
  integer('limit', values.limit, 50);
  durationOf('max-pending-age', values['max-pending-age']);
  durationOf('max-behind', values['max-behind']);
}

async function statusCommand(values: Values, store: SyncStore): Promise<number> {
  const limit = integer('limit', values.limit, 50);
  const now = new Date();
  const fleet = await readFleetStatus(store, {
    now,
    ...(values.to ? { completeTo: values.to } : {}),
  });
  const failures = values.failed ? await listFailures(store, limit) : undefined;
  const problems = values.check
    ? checkFleet(fleet, {
        ...(values['max-pending-age']
          ? { maxPendingAgeMs: durationOf('max-pending-age', values['max-pending-age']) }
          : {}),
        ...(values['max-behind'] ? { maxBehindMs: durationOf('max-behind', values['max-behind']) } : {}),
      })
    : [];
  // Failures are exit 5 on every path (as a run with failures); stale work or users behind, 9.
  const code = problems.some((p) => p.kind === 'failed_users' || p.kind === 'failed_windows')
    ? EXIT.failures
    : problems.length > 0
      ? EXIT.checkFailed
      : EXIT.ok;
  for (const problem of problems) process.stderr.write(`svc-sync: check: ${problem.message}\n`);
  if (values.json) {
    // Each resource's users × days map, as `svc-sync serve` draws it (the same function).
    const coverage = Object.fromEntries(
      (await storeCoverage(store)).map(({ resource, ...map }) => [resource, map]),
    );
    process.stdout.write(
      `${JSON.stringify({ ...fleet, coverage, ...(failures ? { failures } : {}), ...(values.check ? { problems } : {}) })}\n`,
    );
    return code;
  }
  process.stdout.write(`complete means every day stored through ${targetText(fleet)}\n`);
  for (const [resource, figures] of Object.entries(fleet.resources))
    process.stdout.write(`${resourceText(resource, figures, now)}\n`);
  process.stdout.write(
    `windows pending: ${fleet.pending}, failed: ${fleet.failed}; users failed: ${fleet.failedUsers}\n`,
  );
  process.stdout.write(`${usersText(fleet)}\n`);
  if (failures) {
    const more = (shown: number, total: number) =>
      total > shown ? ` (the first ${shown} of ${total}: --limit)` : '';
    process.stdout.write(`failed users${more(failures.users.length, fleet.failedUsers)}:\n`);
    for (const user of failures.users)
      process.stdout.write(
        `  ${user.clientUserId}: ${user.error}${user.status === null ? '' : ` ${user.status}`}: ${user.message}\n`,
      );
    process.stdout.write(`failed windows${more(failures.windows.length, fleet.failed)}:\n`);
    for (const window of failures.windows)
      process.stdout.write(
        `  ${windowText(window)}: ${window.error}${window.status === null ? '' : ` ${window.status}`}: ${window.message}\n`,
      );
  }
  return code;
}

/** `svc-sync status`, as ../cli.ts runs it. */
export const command: Command = { check: checkStatus, run: statusCommand };
