// How a code sample gets the ids and keys its call needs, the way a partner would: resolve a user,
// create an order, upload a report, read availability. Hand-written: these are the API's workflows
// (which call yields which id), which the spec does not state. code-samples.ts renders them.

/** A value written as code (an expression), not as a literal. */
export interface Expression {
  expression: string;
}
export const expr = (expression: string): Expression => ({ expression });
export const isExpression = (value: unknown): value is Expression =>
  typeof value === 'object' && value !== null && 'expression' in value;

/** A step a sample runs before its call; `after` are the steps it needs first. */
interface Step {
  after: StepName[];
  lines: string[];
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

const ADDRESS = "{ first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' }";

const STEPS: Record<StepName, Step> = {
  user: {
    after: [],
    lines: [
      '// Your own id for the end user; resolving it gives the service user id every other call takes.',
      "const user = await svc.resolveUser({ client_user_id: 'patient-1' });",
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
  },
  link: {
    after: ['user'],
    lines: [
      "const link = await svc.createLinkToken({ body: { user_id: user.user_id, provider: 'whoop' } });",
    ],
  },
  phlebotomySlot: {
    after: ['order'],
    lines: [
      'const availability = await svc.getPhlebotomyAppointmentAvailability({ order_id: order.id });',
      'const slot = availability.slots?.[0];',
    ],
  },
  phlebotomyBooking: {
    after: ['phlebotomySlot'],
    lines: [
      'await svc.bookPhlebotomyAppointment({ order_id: order.id, body: { booking_key: slot?.booking_key } });',
    ],
  },
  pscSlot: {
    after: ['order'],
    lines: [
      'const availability = await svc.getPscAppointmentAvailability({ order_id: order.id });',
      'const slot = availability.slots?.[0];',
    ],
  },
  pscBooking: {
    after: ['pscSlot'],
    lines: [
      'await svc.bookPscAppointment({ order_id: order.id, body: { booking_key: slot?.booking_key } });',
    ],
  },
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
  user_id: { value: expr('user.user_id'), step: 'user' },
  order_id: { value: expr('order.id'), step: 'order' },
  job_id: { value: expr('job.id'), step: 'job' },
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
      user_id: expr('user.user_id'),
      patient_address: expr(ADDRESS),
      clinical_notes: 'Fasting sample.',
    },
  },
  importOrder: { steps: ['user'], body: { user_id: expr('user.user_id') } },
  createLinkToken: { steps: ['user'], body: { user_id: expr('user.user_id'), provider: 'whoop' } },
  completePasswordProviderMfa: { steps: ['link'], params: { 'x-svc-link-token': expr('link.link_token') } },
  // A new user is connected to `oura`, so that is the connection a sample can remove.
  deregisterProvider: { params: { provider: 'oura' } },
  bookPhlebotomyAppointment: {
    steps: ['phlebotomySlot'],
    body: { booking_key: expr('slot?.booking_key'), appointment_notes: 'Ring the side door.' },
  },
  reschedulePhlebotomyAppointment: {
    steps: ['phlebotomyBooking'],
    body: {
      booking_key: expr('availability.slots?.[1]?.booking_key'),
      appointment_notes: 'Ring the side door.',
    },
  },
  bookPscAppointment: { steps: ['pscSlot'], body: { booking_key: expr('slot?.booking_key') } },
  getPscAppointment: { steps: ['pscBooking'] },
};

export interface SampleFlow {
  /** Lines run before the call, in order (each step once). */
  setup: string[];
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
    imports: [...new Set(ordered.flatMap((name) => STEPS[name].imports ?? []))],
    params,
    body: flow.body,
  };
}
