// The text rendering of the store tools' answers, for clients that read only text: the same facts as
// the structured content, in lines a model reads cheaply.
import type { FleetStatus } from '@svc/sync';

type Args = Record<string, unknown>;
const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
const nextLine = (more: boolean) =>
  more
    ? '\nMore follow: call again with the arguments in structuredContent.next (the same ones with `cursor`).'
    : '';

export function aggregatesText(
  args: Args,
  stat: string,
  total: number,
  offset: number,
  users: readonly {
    client_user_id: string | null;
    user_id: string;
    count: number;
    days: number;
    avg: number;
    min: number;
    max: number;
    sum: number;
  }[],
  more: boolean,
): string {
  const filter = [
    typeof args.below === 'number' ? `${stat} below ${args.below}` : '',
    typeof args.above === 'number' ? `${stat} above ${args.above}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const head = `${total} users${filter ? ` with ${filter}` : ''}: ${args.resource} ${args.field}, ${args.from}..${args.to}${
    users.length > 0
      ? `; ${offset + 1}-${offset + users.length} by ${stat} ${args.order === 'desc' ? 'desc' : 'asc'}`
      : ''
  }`;
  const lines = users.map(
    (user) =>
      `${user.client_user_id ?? user.user_id}: avg ${round(user.avg)}, min ${round(user.min)}, max ${round(user.max)}, sum ${round(user.sum)}, ${user.count} records on ${user.days} days`,
  );
  return [head, ...lines].join('\n') + nextLine(more);
}

export function timelineText(
  timeline: {
    client_user_id: string;
    summaries_total: number;
    summaries: readonly {
      resource: string;
      provider: string;
      calendar_date: string;
      data: Record<string, unknown>;
    }[];
    steps: readonly { provider: string; day: string; total: number; unit: string; points: number }[];
  },
  offset: number,
  more: boolean,
): string {
  const numbers = (data: Record<string, unknown>) =>
    Object.entries(data)
      .filter(([, value]) => typeof value === 'number')
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
  return (
    [
      `${timeline.client_user_id}: ${timeline.summaries_total} summary records by calendar date${
        timeline.summaries.length > 0 ? ` (${offset + 1}-${offset + timeline.summaries.length} here)` : ''
      }; steps by UTC day, on ${timeline.steps.length} provider-days (a UTC day is not a calendar date: do not add them up as one day)`,
      ...timeline.summaries.map(
        (row) => `${row.resource} ${row.provider} calendar date ${row.calendar_date}: ${numbers(row.data)}`,
      ),
      ...timeline.steps.map(
        (row) => `steps ${row.provider} UTC day ${row.day}: ${row.total} ${row.unit} in ${row.points} points`,
      ),
    ].join('\n') + nextLine(more)
  );
}

export function freshnessText(
  fleet: FleetStatus,
  failures: { users_total: number; windows_total: number; users: readonly Args[]; windows: readonly Args[] },
  more: boolean,
): string {
  const hours = (ms: number | null) => (ms === null ? 'n/a' : `${round(ms / 3_600_000)} h`);
  return (
    [
      `Complete to ${fleet.target}: ${fleet.users.complete} of ${fleet.users.total} users complete, ${fleet.users.behind} behind; ${fleet.pending} windows pending, ${fleet.failed} failed, ${fleet.failedUsers} users failed.`,
      ...Object.entries(fleet.resources).map(
        ([name, resource]) =>
          `${name}: ${resource.complete} of ${resource.users} users complete, furthest behind ${hours(resource.lagMs)}${
            resource.worst.length > 0
              ? ` (${resource.worst.map((user) => user.clientUserId ?? user.userId).join(', ')})`
              : ''
          }`,
      ),
      `Failures: ${failures.users_total} users, ${failures.windows_total} windows.`,
      ...failures.users.map((user) => `user ${user.client_user_id}: ${user.error}`),
      ...failures.windows.map(
        (window) =>
          `window ${window.clientUserId ?? window.userId} ${window.resource} ${window.provider} ${window.start}..${window.end}: ${window.error} ${window.message}`,
      ),
    ].join('\n') + nextLine(more)
  );
}

export function labOrdersText(
  state: string,
  total: number,
  offset: number,
  orders: readonly {
    order_id: string;
    client_user_id: string | null;
    user_id: string | null;
    status: string | null;
    stage: string;
    updated_at: string;
    events_total: number;
    events: readonly { status: string; occurred_at: string; status_detail: unknown }[];
    parsed_reports: readonly { job_id: string; results: readonly unknown[] }[];
  }[],
  more: boolean,
): string {
  const head = `${total} lab orders ${state === 'all' ? 'in all' : state === 'open' ? 'not final (neither completed nor cancelled)' : 'final'}${
    orders.length > 0 ? `; ${offset + 1}-${offset + orders.length} by last change` : ''
  }`;
  const lines = orders.flatMap((order) => [
    `${order.order_id} of ${order.client_user_id ?? order.user_id ?? 'an unknown user'}: ${order.stage} (${order.status ?? 'no status'}) since ${order.updated_at}; ${order.events_total} status events${
      order.parsed_reports.length > 0
        ? `; ${order.parsed_reports.length} parsed reports (${order.parsed_reports.reduce((sum, report) => sum + report.results.length, 0)} results)`
        : ''
    }`,
    ...order.events.map(
      (event) =>
        `  ${event.occurred_at} ${event.status}${
          event.status_detail === null ? '' : ` (${JSON.stringify(event.status_detail)})`
        }`,
    ),
  ]);
  return [head, ...lines].join('\n') + nextLine(more);
}
