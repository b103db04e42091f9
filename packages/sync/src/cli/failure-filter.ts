// --users and --resources of `retry` and `clear`: which failures they act on.
import type { FailureFilter } from '../status/find-failures.js';
import type { FailedWindow } from '../stores/store.js';
import { resourcesOf } from './cli-values.js';
import { CliFailure, EXIT } from './exit-codes.js';
import type { Values } from './parse-command.js';

/** The failures `--users a,b` and `--resources steps,sleep` select (each left out: all). */
export function failureFilterOf(values: Values): FailureFilter {
  const users = values.users
    ?.split(',')
    .map((user) => user.trim())
    .filter(Boolean);
  if (users?.length === 0) throw new CliFailure('--users lists no user', EXIT.usage);
  return {
    ...(users ? { users } : {}),
    ...(values.resources ? { resources: resourcesOf(values.resources) } : {}),
  };
}

/** A failed window as a line names it: by client user id, resource, provider and days. */
export const failedWindowText = (w: FailedWindow) =>
  `${w.clientUserId ?? `(user id ${w.userId})`} ${w.resource} ${w.provider} ${w.start}..${w.end}`;
