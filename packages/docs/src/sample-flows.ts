// How a code sample gets the ids and keys its call needs, the way a partner would: resolve a user,
// create an order, upload a report, read availability. Hand-written: these are the API's workflows
// (which call yields which id), which the spec does not state. code-samples.ts renders them.

/** A value written as code (an expression), not as a literal. */
export interface Expression {
  expression: string;
  /** The same value in a curl sample: a shell word that yields it as text (`$USER_ID`), or JSON. */
  shell?: { text: string } | { json: unknown };
}
export const expr = (expression: string, shell?: Expression['shell']): Expression => ({
  expression,
  ...(shell ? { shell } : {}),
});
/** A value from an earlier step: `expression` in TypeScript, `$variable` in curl. */
const ref = (expression: string, variable: string): Expression => expr(expression, { text: `$${variable}` });
export const isExpression = (value: unknown): value is Expression =>
  typeof value === 'object' && value !== null && 'expression' in value;

/** A step a sample runs before its call; `after` are the steps it needs first. */
interface Step {
  after: StepName[];
  lines: string[];
  /** The same step in a curl sample (bash, `jq` picks fields out); `{apiKeyHeader}` is the key's header. */
  curl: string[];
  /** Node modules the step's lines use. */
  imports?: string[];
}

export type StepName =
  | 'user'
  | 'order'
  | 'job'
  | 'link'
  | 'phlebotomySlot'
  | 'phlebotomyBooking'
  | 'pscSlot'
  | 'pscBooking';

/** A sandbox demo lab test (documented in the sandbox README); with the service, your lab test's id. */
export const DEMO_LAB_TEST_ID = '00000001-0000-4000-8000-000000000001';

const ADDRESS_VALUE = { first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };
const ADDRESS = `{ ${Object.entries(ADDRESS_VALUE)
  .map(([key, value]) => `${key}: '${value}'`)
  .join(', ')} }`;
const ADDRESS_JSON = JSON.stringify(ADDRESS_VALUE);

/** How each curl step sends the key and reads the answer. */
const KEY = '-H "{apiKeyHeader}: $SVC_API_KEY"';

/**
 * An appointment's two steps, at home (`phlebotomy`) or at a service center (`psc`): read the order's
 * availability and take its first slot, then book that slot.
 */
function appointmentSteps<Visit extends 'phlebotomy' | 'psc'>(visit: Visit, operation: Capitalize<Visit>) {
  const slot: Step = {
    after: ['order'],
    lines: [
      `const availability = await svc.get${operation}AppointmentAvailability({ order_id: order.id });`,
      'const slot = availability.slots?.[0];',
    ],
    curl: [
      `AVAILABILITY=$(curl -s "$SVC_BASE_URL/v3/order/$ORDER_ID/${visit}/appointment/availability" ${KEY})`,
      'BOOKING_KEY=$(jq -r \'.slots[0].booking_key\' <<<"$AVAILABILITY")',
    ],
  };
  const booking: Step = {
    after: [`${visit}Slot`],
    lines: [
      `await svc.book${operation}Appointment({ order_id: order.id, body: { booking_key: slot?.booking_key } });`,
    ],
    curl: [
      `curl -s -X POST "$SVC_BASE_URL/v3/order/$ORDER_ID/${visit}/appointment/book" ${KEY} \\`,
      `  -H 'content-type: application/json' -d '{"booking_key":"'"$BOOKING_KEY"'"}' >/dev/null`,
    ],
  };
  return { [`${visit}Slot`]: slot, [`${visit}Booking`]: booking } as Record<
    `${Visit}Slot` | `${Visit}Booking`,
    Step
  >;
}

const STEPS: Record<StepName, Step> = {
  user: {
    after: [],
    lines: [
      '// Your own id for the end user; resolving it gives the service user id every other call takes.',
      "const user = await svc.resolveUser({ client_user_id: 'patient-1' });",
    ],
    curl: [
      '# Your own id for the end user; resolving it gives the service user id every other call takes.',
      `USER_ID=$(curl -s "$SVC_BASE_URL/v2/user/resolve/patient-1" ${KEY} | jq -r .user_id)`,
    ],
  },
  order: {
    after: ['user'],
    lines: [
      'const order = await svc.createOrder({',
      `  body: { user_id: user.user_id, patient_address: ${ADDRESS} },`,
      '});',
      "if (!order.id) throw new Error('the created order carries no id');",
    ],
    curl: [
      `ORDER_ID=$(curl -s -X POST "$SVC_BASE_URL/v3/order" ${KEY} -H 'content-type: application/json' \\`,
      `  -d '{"user_id":"'"$USER_ID"'","patient_address":${ADDRESS_JSON}}' | jq -r .id)`,
    ],
  },
  job: {
    after: [],
    imports: ["import { readFile } from 'node:fs/promises';"],
    lines: [
      'const job = await svc.createParsingJob({',
      "  body: { file: new Blob([await readFile('report.pdf')], { type: 'application/pdf' }) },",
      '});',
      "if (!job.id) throw new Error('the parsing job carries no id');",
    ],
    curl: [
      `JOB_ID=$(curl -s -X POST "$SVC_BASE_URL/lab_report/v1/parser/job" ${KEY} \\`,
      "  -F 'file=@report.pdf;type=application/pdf' | jq -r .id)",
    ],
  },
  link: {
    after: ['user'],
    lines: [
      "const link = await svc.createLinkToken({ body: { user_id: user.user_id, provider: 'whoop' } });",
    ],
    curl: [
      `LINK_TOKEN=$(curl -s -X POST "$SVC_BASE_URL/v2/link/token" ${KEY} -H 'content-type: application/json' \\`,
      `  -d '{"user_id":"'"$USER_ID"'","provider":"whoop"}' | jq -r .link_token)`,
    ],
  },
  ...appointmentSteps('phlebotomy', 'Phlebotomy'),
  ...appointmentSteps('psc', 'Psc'),
};

/** What one operation's sample does differently from the spec's example values. */
interface Flow {
  steps?: StepName[];
  params?: Record<string, Expression | string>;
  /** Replaces the sample body taken from the spec's examples. */
  body?: Record<string, unknown>;
}

/** Where a path or header parameter's value comes from, by name, and the step that yields it. */
const PARAMETER_SOURCES: Record<string, { value: Expression | string; step?: StepName }> = {
  user_id: { value: ref('user.user_id', 'USER_ID'), step: 'user' },
  order_id: { value: ref('order.id', 'ORDER_ID'), step: 'order' },
  job_id: { value: ref('job.id', 'JOB_ID'), step: 'job' },
  lab_test_id: { value: DEMO_LAB_TEST_ID },
  // A day with data in a new sandbox (its clock starts on 2026-01-05); with the service, your own range.
  start_date: { value: '2026-01-01' },
};

/** Summaries take a date range too: without one, the service picks its own. */
const SUMMARY: Flow = { params: { start_date: '2026-01-01', end_date: '2026-01-04' } };

const FLOWS: Record<string, Flow> = {
  getActivitySummary: SUMMARY,
  getBodySummary: SUMMARY,
  getMealSummary: SUMMARY,
  getProfileSummary: SUMMARY,
  getSleepSummary: SUMMARY,
  getWorkoutsSummary: SUMMARY,
  // A plain order: the spec's example also sets `update_reason`, which only a re-order takes.
  createOrder: {
    steps: ['user'],
    body: {
      user_id: ref('user.user_id', 'USER_ID'),
      patient_address: expr(ADDRESS, { json: ADDRESS_VALUE }),
      clinical_notes: 'Fasting sample.',
    },
  },
  importOrder: { steps: ['user'], body: { user_id: ref('user.user_id', 'USER_ID') } },
  createLinkToken: { steps: ['user'], body: { user_id: ref('user.user_id', 'USER_ID'), provider: 'whoop' } },
  completePasswordProviderMfa: {
    steps: ['link'],
    params: { 'x-svc-link-token': ref('link.link_token', 'LINK_TOKEN') },
  },
  // A new user is connected to `oura`, so that is the connection a sample can remove.
  deregisterProvider: { params: { provider: 'oura' } },
  bookPhlebotomyAppointment: {
    steps: ['phlebotomySlot'],
    body: { booking_key: ref('slot?.booking_key', 'BOOKING_KEY'), appointment_notes: 'Ring the side door.' },
  },
  reschedulePhlebotomyAppointment: {
    steps: ['phlebotomyBooking'],
    body: {
      booking_key: expr('availability.slots?.[1]?.booking_key', {
        text: '$(jq -r \'.slots[1].booking_key\' <<<"$AVAILABILITY")',
      }),
      appointment_notes: 'Ring the side door.',
    },
  },
  bookPscAppointment: { steps: ['pscSlot'], body: { booking_key: ref('slot?.booking_key', 'BOOKING_KEY') } },
  getPscAppointment: { steps: ['pscBooking'] },
};

export interface SampleFlow {
  /** Lines run before the call, in order (each step once). */
  setup: string[];
  /** The same steps for a curl sample, `{apiKeyHeader}` still to fill in. */
  curlSetup: string[];
  imports: string[];
  params: Record<string, Expression | string>;
  body?: Record<string, unknown>;
}

/** The setup lines and values of one operation's sample, given the parameters it passes. */
export function sampleFlow(operationId: string, parameterNames: string[]): SampleFlow {
  const flow = FLOWS[operationId] ?? {};
  const wanted: StepName[] = [...(flow.steps ?? [])];
  const params: Record<string, Expression | string> = {};
  for (const name of parameterNames) {
    const source = PARAMETER_SOURCES[name];
    if (!source) continue;
    params[name] = source.value;
    if (source.step) wanted.push(source.step);
  }
  Object.assign(params, flow.params);
  const ordered: StepName[] = [];
  const visit = (name: StepName): void => {
    if (ordered.includes(name)) return;
    for (const before of STEPS[name].after) visit(before);
    ordered.push(name);
  };
  for (const name of wanted) visit(name);
  return {
    setup: ordered.flatMap((name) => STEPS[name].lines),
    curlSetup: ordered.flatMap((name) => STEPS[name].curl),
    imports: [...new Set(ordered.flatMap((name) => STEPS[name].imports ?? []))],
    params,
    body: flow.body,
  };
}
