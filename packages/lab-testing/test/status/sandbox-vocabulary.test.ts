// Issue 22: our own helpers must understand our own sandbox. Every state of every sandbox lifecycle
// (walked with xstate's graph by `lifecycleStates`) and every lab event a sandbox run emits is read
// through the helpers; a stage of `unknown` fails.
import { createClient } from '@svc/client';
import { createSandbox, LIFECYCLES, type Lifecycle, lifecycleStates, SCENARIO_HEADER } from '@svc/sandbox';
import { PATIENT_ADDRESS as patient_address } from '@svc/test-kit';
import type { Schema } from '@svc/types';
import { describe, expect, it } from 'vitest';
import {
  classifyAppointmentEventStatus,
  classifyAppointmentStatus,
  classifyParsingJobStatus,
  labTesting,
  orderStatus,
} from '../../src/index.js';
import type { KnownValues } from '../../src/internal/known-values.js';
import { PDF } from '../reports/files.js';

/** The link result's `state` is not lab testing: no helper reads it, so it must be a documented value. */
const LINK_STATES: ReadonlyArray<KnownValues<Schema<'LinkState'>>> = [
  'success',
  'error',
  'pending_provider_mfa',
];

/** What the helpers make of a state's wire values: one stage per value a record carries. */
const STAGES_OF: Record<Lifecycle, (wire: Readonly<Record<string, string>>) => string[]> = {
  order: ({ status, lowLevelStatus }) => [
    orderStatus({ last_event: { status }, ...(lowLevelStatus ? { low_level_status: lowLevelStatus } : {}) })
      .stage,
  ],
  phlebotomyAppointment: ({ status, eventStatus }) => [
    classifyAppointmentStatus(status),
    classifyAppointmentEventStatus(eventStatus),
  ],
  pscAppointment: ({ status, eventStatus }) => [
    classifyAppointmentStatus(status),
    classifyAppointmentEventStatus(eventStatus),
  ],
  parsingJob: ({ status }) => [classifyParsingJobStatus(status)],
  linkMfa: ({ state }) => [LINK_STATES.some((known) => known === state) ? 'documented' : 'unknown'],
};

describe('issue 22: the helpers classify every status the sandbox can send', () => {
  it.each(LIFECYCLES.map((lifecycle) => [lifecycle]))(
    'gives a stage to every state the %s lifecycle reaches',
    (lifecycle) => {
      const states = lifecycleStates(lifecycle);
      expect(states.length).toBeGreaterThan(1);
      const unknown = states.filter((state) => STAGES_OF[lifecycle](state.wire).includes('unknown'));
      expect(unknown.map(({ name, wire, path }) => ({ name, wire, path }))).toEqual([]);
    },
  );

  it('gives a stage to every lab event of a sandbox run, in every scenario', async () => {
    const apiKey = 'sk_test_vocabulary';
    const sandbox = createSandbox({ apiKey, strict: true });
    const client = createClient({ apiKey, baseUrl: sandbox.url, fetch: sandbox.fetch, maxRetries: 0 });
    const lab = labTesting(client);
    const user = await client.resolveUser({ client_user_id: 'vocabulary-patient' });
    const scenario = (name: string) => ({ headers: { [SCENARIO_HEADER]: name } });
    for (const name of ['happy_path', 'sample_lost_in_transit', 'kit_lost_to_customer']) {
      await lab.orders.create({ user_id: user.user_id, patient_address }, scenario(name));
    }
    const drawn = await lab.orders.create({ user_id: user.user_id, patient_address });
    await lab.appointments.phlebotomy.request(String(drawn.id), { address: patient_address, provider: 'p' });
    await lab.appointments.phlebotomy.book(String(drawn.id));
    const psc = await lab.orders.create({ user_id: user.user_id, patient_address });
    await lab.appointments.psc.book(String(psc.id));
    const lost = await lab.orders.create(
      { user_id: user.user_id, patient_address },
      scenario('sample_lost_in_transit'),
    );
    await lab.appointments.phlebotomy.book(String(lost.id));
    for (const name of ['happy_path', 'parsing_needs_review', 'parsing_fails']) {
      await lab.reports.upload(PDF, scenario(name));
    }
    const cancelled = await lab.orders.create({ user_id: user.user_id, patient_address });
    const cancel = await sandbox.fetch(`${sandbox.url}/_sandbox/orders/${cancelled.id}/cancel`, {
      method: 'POST',
      headers: { [sandbox.apiKeyHeader]: apiKey },
    });
    expect(cancel.status).toBe(200);
    sandbox.clock.advance({ seconds: 7 * 86_400 });

    const events = sandbox.webhooks.events();
    const stagesOf = (type: string, read: (data: never) => string) => {
      const classified = events
        .filter((e) => e.event_type.startsWith(type))
        .map((e) => [read(e.data as never), e.data]);
      expect(classified.filter(([stage]) => stage === 'unknown')).toEqual([]);
      return new Set(classified.map(([stage]) => stage));
    };
    // The run reaches every order and job stage the lifecycles hold, so this is not a vacuous pass.
    expect(stagesOf('labtest.order.', (data: Schema<'Order'>) => orderStatus(data).stage)).toEqual(
      new Set([
        'received',
        'collecting_sample',
        'in_transit_problem',
        'sample_with_lab',
        'completed',
        'cancelled',
      ]),
    );
    expect(
      stagesOf('lab_report.parsing_job.', (data: Schema<'ParsingJob'>) =>
        classifyParsingJobStatus(data.status),
      ),
    ).toEqual(new Set(['processing', 'completed', 'pending_review', 'failed']));
  });
});
