// A FleetStatus as the lines `svc-sync status` and a run's last line print.
import type { BehindUser, FleetStatus, ResourceFreshness } from '../status/read-fleet-status.js';
import { durationText } from './duration.js';

/** What "complete" was measured to: the day asked for, or the instant when that day is not over yet. */
export function targetText(status: FleetStatus): string {
  const day = status.targetDay;
  const endOfDay = day === null ? Number.NaN : Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
  return day !== null && Date.parse(status.target) >= endOfDay ? day : status.target;
}

const nameOf = (user: BehindUser) => user.clientUserId ?? `(user id ${user.userId})`;

/** The users furthest behind: `user-7 3d 2h, user-9 4h 0m`. */
export const worstText = (worst: readonly BehindUser[], shown = 3) =>
  worst
    .slice(0, shown)
    .map((user) => `${nameOf(user)} ${durationText(user.behindMs)}`)
    .join(', ');

/** The fleet in one phrase: `200 users complete to 2026-11-27` (`, 3 behind (worst …)`). */
export function usersText(status: FleetStatus): string {
  const { users } = status;
  const behind = users.behind > 0 ? `, ${users.behind} behind (worst: ${worstText(users.worst)})` : '';
  const failed = status.failedUsers > 0 ? `, ${status.failedUsers} failed to resolve` : '';
  return `${users.complete} of ${users.total} users complete to ${targetText(status)}${behind}${failed}`;
}

/** One resource's line of `svc-sync status`. */
export function resourceText(resource: string, figures: ResourceFreshness, now: Date): string {
  const parts = [`${resource}: ${figures.rows} rows`];
  if (figures.users === 0) parts.push('no users yet');
  else {
    const bands = Object.entries(figures.behindBy)
      .filter(([, n]) => n > 0)
      .map(([band, n]) => `${n} ${band.replace(/^upTo/, '≤').replace(/^over/, '>')}`)
      .join(', ');
    parts.push(
      `${figures.complete} of ${figures.users} users complete` +
        (figures.behind > 0
          ? `, ${figures.behind} behind (${bands}; worst: ${worstText(figures.worst)})`
          : ''),
    );
  }
  const { holes } = figures;
  if (holes.pendingDays + holes.failedDays > 0)
    parts.push(`days owed: ${holes.pendingDays} pending, ${holes.failedDays} failed (${holes.users} users)`);
  parts.push(`${figures.pending} windows pending, ${figures.failed} failed`);
  const oldest = figures.oldestPending;
  if (oldest)
    parts.push(
      `oldest pending ${oldest.clientUserId ?? `(user id ${oldest.userId})`} ${oldest.provider} ${oldest.start}..${oldest.end}` +
        (figures.pendingSince
          ? `, waiting ${durationText(Math.max(0, now.getTime() - Date.parse(figures.pendingSince)))}`
          : ''),
    );
  return parts.join('; ');
}
