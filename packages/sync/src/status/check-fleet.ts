// checkFleet: what an alert should fire on, from one FleetStatus (`svc-sync status --check` exits on it).
import type { FleetStatus } from './read-fleet-status.js';

export interface FleetLimits {
  /** Pending work planned longer ago than this (ms) is a problem (default: no limit). */
  maxPendingAgeMs?: number;
  /** A user behind the target by more than this (ms) in any resource is a problem (default: no limit). */
  maxBehindMs?: number;
}

/** One reason the fleet is not as it should be, said for an operator. */
export interface FleetProblem {
  kind: 'failed_users' | 'failed_windows' | 'pending_too_old' | 'users_behind';
  resource?: string;
  message: string;
}

/**
 * The fleet's problems: users or windows that failed for good (always), pending work older than
 * `maxPendingAgeMs`, users behind by more than `maxBehindMs`. None: the fleet is as it should be.
 */
export function checkFleet(status: FleetStatus, limits: FleetLimits = {}): FleetProblem[] {
  const problems: FleetProblem[] = [];
  if (status.failedUsers > 0)
    problems.push({ kind: 'failed_users', message: `${status.failedUsers} users failed to resolve` });
  if (status.failed > 0)
    problems.push({ kind: 'failed_windows', message: `${status.failed} windows failed for good` });
  for (const [resource, figures] of Object.entries(status.resources)) {
    const { maxPendingAgeMs, maxBehindMs } = limits;
    if (
      maxPendingAgeMs !== undefined &&
      figures.pendingAgeMs !== null &&
      figures.pendingAgeMs > maxPendingAgeMs
    ) {
      const oldest = figures.oldestPending;
      problems.push({
        kind: 'pending_too_old',
        resource,
        message: `${resource}: ${figures.pending} windows pending, planned since ${figures.pendingSince}${oldest ? ` (oldest days: ${oldest.clientUserId ?? oldest.userId} ${oldest.start}..${oldest.end})` : ''}`,
      });
    }
    if (maxBehindMs !== undefined) {
      const late = figures.worst.filter((user) => user.behindMs > maxBehindMs);
      if (late.length > 0 || (figures.lagMs ?? 0) > maxBehindMs)
        problems.push({
          kind: 'users_behind',
          resource,
          message: `${resource}: users behind ${status.targetDay ?? status.target} by more than the limit, worst ${late
            .slice(0, 3)
            .map((user) => user.clientUserId ?? user.userId)
            .join(', ')}`,
        });
    }
  }
  return problems;
}
