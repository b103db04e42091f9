import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Lifecycle, stateNamesOf } from '../../machines/lifecycles.js';
import { invalid } from './refusal.js';
import { SCENARIOS } from './scenarios.js';
import type { SandboxState, WorldState } from './world-state.js';

/** Sandbox time as the sandbox writes it (`toISOString`): UTC, milliseconds, four-digit year. */
const time = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$',
};
const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const openObject = { type: 'object' };
const stateOf = (...machines: Lifecycle[]) => ({
  enum: [...new Set(machines.flatMap(stateNamesOf))],
});
const scenario = { enum: Object.keys(SCENARIOS) };
const recordOf = (value: object) => ({ type: 'object', additionalProperties: value });
const closed = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  additionalProperties: false,
});

/** The whole of a world, every level: a snapshot or state file that passes can be served. */
const worldSchema = closed(
  {
    version: { const: 1 },
    seed: text,
    team_id: text,
    now: time,
    historyFrom: time,
    sequence: count,
    timerSequence: count,
    droppedEvents: count,
    users: recordOf(
      closed({
        user_id: text,
        client_user_id: text,
        created_on: time,
        scenario,
        connected_sources: {
          type: 'array',
          items: closed({
            created_on: time,
            source: closed({ name: text, slug: text, logo: text }),
          }),
        },
      }),
    ),
    userIdsByClientId: recordOf(text),
    linkTokens: recordOf(
      closed({
        user_id: text,
        provider: nullableText,
        state: stateOf('linkMfa'),
        scenario,
        created_at: time,
      }),
    ),
    signInTokens: recordOf(text),
    orders: recordOf(
      closed({
        id: text,
        user_id: text,
        team_id: text,
        state: stateOf('order'),
        scenario,
        created_at: time,
        updated_at: time,
        request: openObject,
        events: {
          type: 'array',
          items: closed({ id: count, created_at: time, status: text, status_detail: nullableText }),
        },
        low_level_status: nullableText,
        appointment_id: nullableText,
        psc_appointment_id: nullableText,
      }),
    ),
    appointments: recordOf(
      closed({
        id: text,
        kind: { enum: ['phlebotomy', 'patient_service_center'] },
        state: stateOf('phlebotomyAppointment', 'pscAppointment'),
        user_id: text,
        order_id: text,
        address: openObject,
        provider: text,
        start_at: { anyOf: [time, { type: 'null' }] },
        end_at: { anyOf: [time, { type: 'null' }] },
        appointment_notes: nullableText,
        events: {
          type: 'array',
          items: closed({ created_at: time, status: text, data: openObject }, ['data']),
        },
      }),
    ),
    parsingJobs: recordOf(
      closed({
        id: text,
        state: stateOf('parsingJob'),
        scenario,
        created_at: time,
        updated_at: time,
        file: closed({ content_type: text, size: count, name: text }),
        results: { type: 'array', items: openObject },
      }),
    ),
    idempotency: recordOf(
      closed({
        operation: text,
        fingerprint: text,
        status: { type: 'integer', minimum: 100, maximum: 599 },
        body: {},
      }),
    ),
    timers: {
      type: 'array',
      items: closed({
        at: time,
        seq: count,
        kind: { enum: ['order', 'phlebotomy', 'psc', 'parsing', 'data', 'daily'] },
        id: text,
        event: text,
      }),
    },
    events: {
      type: 'array',
      items: closed({
        id: text,
        event_type: text,
        created_at: time,
        user_id: nullableText,
        client_user_id: nullableText,
        team_id: text,
        data: openObject,
      }),
    },
  },
  ['droppedEvents', 'historyFrom'],
);

const ajv = new Ajv2020({ strict: false, allErrors: false });
// ajv-formats is CJS with `module.exports = formats` plus `.default`; take whichever the loader gives.
((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats)(ajv as never);
const validateWorld = ajv.compile<WorldState>(worldSchema);

/** `/timers/0` → `timers[0]`: the path a partner reads in their own JSON. */
function where(error: ErrorObject, root: string): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at, part) => (/^\d+$/.test(part) ? `${at}[${part}]` : `${at}.${part}`), root);
  const missing =
    error.keyword === 'required' ? `.${(error.params as { missingProperty: string }).missingProperty}` : '';
  const extra =
    error.keyword === 'additionalProperties'
      ? `.${(error.params as { additionalProperty: string }).additionalProperty}`
      : '';
  return `${path}${missing}${extra}`;
}

/** Refuses (422, naming the first path that breaks it) anything but a whole, servable world. */
export function checkWorldState(value: unknown, root = 'snapshot'): asserts value is WorldState {
  if (validateWorld(value)) return;
  const error = validateWorld.errors?.[0] as ErrorObject;
  const at = where(error, root);
  const problem = error.keyword === 'additionalProperties' ? 'is not part of a sandbox world' : error.message;
  throw invalid('invalid_snapshot', `${at} ${problem}: take a snapshot with GET /_sandbox/snapshot.`, [
    { location: at.split(/[.[\]]+/).filter(Boolean), code: error.keyword, message: `${at} ${problem}` },
  ]);
}

const validateState = ajv.compile<SandboxState>({
  type: 'object',
  properties: { version: { const: 1 }, saved_at: time, worlds: recordOf(worldSchema) },
  required: ['version', 'worlds'],
});

/** Refuses anything but a sandbox state file (version 1), every world checked whole. */
export function checkSandboxState(value: unknown): asserts value is SandboxState {
  if (validateState(value)) return;
  const error = validateState.errors?.[0] as ErrorObject;
  throw invalid('invalid_state', `${where(error, 'state')} ${error.message}`);
}
