// @svc/lab-testing: its input checks (orders, appointments, report files, catalogue searches, waits)
// refuse bad input with a typed error before anything is sent and never send what breaks the spec;
// its record readers (statuses, biomarkers, job ids) take any record the service may send.
import { createClient, SvcError } from '@svc/client';
import {
  appointmentStatus,
  classifyAppointmentEventStatus,
  classifyAppointmentStatus,
  classifyOrderLowLevelStatus,
  classifyOrderStatus,
  classifyParsingJobStatus,
  labTesting,
  orderStatus,
  parsingJobId,
  sniffReportKind,
  toBiomarker,
} from '@svc/lab-testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';
import { spec, specOperations } from '../spec.js';
import { API_KEY, BASE_URL, recordingFetch } from './recording-fetch.js';
import { anyValue, mostlyValid, validArb } from './schema-arbitrary.js';
import { paramsViolation } from './spec-violations.js';

const ORDER_ID = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const operation = (id: string) => {
  const found = specOperations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id} in the spec`);
  return found;
};

const recorder = recordingFetch((request) =>
  Response.json(
    request.url.includes('/psc/appointment')
      ? { status: 'confirmed' }
      : { markers: [], total: 0, status: 'completed' },
  ),
);
const lab = labTesting(
  createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: recorder.fetch, maxRetries: 0 }),
);

/** Runs `call`; a rejection must be a SvcError with nothing sent; a success hands the params to `check`. */
async function typedOrSent(call: () => Promise<unknown>, check: () => void): Promise<void> {
  recorder.reset();
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(SvcError);
    expect(recorder.sent).toHaveLength(0);
    return;
  }
  expect(recorder.sent.length).toBeGreaterThan(0);
  check();
}

const notes = fc.oneof(
  fc.string({ maxLength: 1000 }),
  fc.constantFrom('x'.repeat(1000), 'x'.repeat(1001), '😀'.repeat(1000), '😀'.repeat(1001), null),
  anyValue,
);
const options = { numRuns: FUZZ_RUNS, seed: SEED };

describe('lab-testing input checks', () => {
  it('creates an order only from input the spec accepts, and refuses the rest with a typed error first', async () => {
    const input = fc.oneof(
      mostlyValid(schema('OrderCreateRequest')),
      fc.record(
        { clinical_notes: notes, patient_address: mostlyValid(schema('UsAddress')) },
        { requiredKeys: [] },
      ),
    );
    const key = fc.option(fc.oneof(fc.uuid(), fc.string(), anyValue), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(input, key, async (body, idempotencyKey) => {
        await typedOrSent(
          () => lab.orders.create(body as never, { idempotencyKey: idempotencyKey as string }),
          () => {
            expect(paramsViolation(operation('createOrder'), { body })).toBeUndefined();
            const sentKey = recorder.sent[0]?.headers.get('idempotency-key');
            expect(sentKey).toBeTruthy();
            // Headers trim surrounding whitespace from values: "a " goes out as "a" (see the report, issue 7).
            if (typeof idempotencyKey === 'string') expect(sentKey).toBe(idempotencyKey.trim());
          },
        );
      }),
      options,
    );
  });

  it.each([
    ['request', 'requestPhlebotomyAppointment', 'PhlebotomyAppointmentRequest'],
    ['book', 'bookPhlebotomyAppointment', 'AppointmentChangeRequest'],
    ['reschedule', 'reschedulePhlebotomyAppointment', 'AppointmentChangeRequest'],
  ] as const)(
    'phlebotomy.%s sends only what the spec accepts and refuses the rest with a typed error first',
    async (method, id, body) => {
      const orderId = fc.oneof(
        { arbitrary: fc.constant(ORDER_ID), weight: 3 },
        { arbitrary: anyValue, weight: 1 },
      );
      const request = fc.oneof(
        mostlyValid(schema(body)),
        fc.record(
          { appointment_notes: notes, address: mostlyValid(schema('UsAddress')), provider: fc.string() },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(orderId, request, async (order, given) => {
          await typedOrSent(
            () =>
              (lab.appointments.phlebotomy[method] as (o: unknown, b: unknown) => Promise<unknown>)(
                order,
                given,
              ),
            () => {
              const sentBody = given ?? {};
              expect(paramsViolation(operation(id), { order_id: order, body: sentBody })).toBeUndefined();
            },
          );
        }),
        options,
      );
    },
  );

  it('uploads a lab report only when its first bytes show a PDF, JPEG or PNG, refusing anything else before sending', async () => {
    const magic = fc.constantFrom(
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [],
    );
    const bytes = fc
      .tuple(magic, fc.uint8Array({ maxLength: 32 }))
      .map(([head, tail]) => new Uint8Array([...head, ...tail]));
    const file = fc.oneof(
      bytes,
      bytes.map((data) => new Blob([data])),
      bytes.map((data) => data.buffer as ArrayBuffer),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(file, async (input) => {
        await typedOrSent(
          () => lab.reports.upload(input as Uint8Array),
          () => {
            const head =
              input instanceof Uint8Array
                ? input
                : input instanceof ArrayBuffer
                  ? new Uint8Array(input)
                  : undefined;
            if (head) expect(sniffReportKind(head)).toBeDefined();
          },
        );
      }),
      options,
    );
  });

  it('searches markers with any filters and limit: a typed error before sending, or a bounded walk', async () => {
    const search = fc.oneof(mostlyValid(operationQuery('listMarkers')), anyValue);
    const limit = fc.oneof(fc.integer({ min: 1, max: 10 }), anyValue);
    await fc.assert(
      fc.asyncProperty(search, limit, async (filters, max) => {
        await typedOrSent(
          () => lab.catalogue.searchMarkers(filters as never).toArray({ limit: max as number }),
          () => undefined,
        );
      }),
      options,
    );
  });

  it('waits for a PSC confirmation with any poll options, or refuses them with a typed error before reading', async () => {
    const poll = fc.record(
      { timeoutMs: anyValue, initialDelayMs: anyValue, maxDelayMs: anyValue },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(poll, fc.constant({ timeoutMs: 1000 })), async (given) => {
        await typedOrSent(
          () => lab.appointments.psc.waitForConfirmation(ORDER_ID, given as never),
          () => undefined,
        );
      }),
      options,
    );
  });
});

/** The query parameters of an operation as one object schema. */
function operationQuery(id: string) {
  const found = operation(id);
  return {
    type: 'object',
    properties: Object.fromEntries(
      found.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
    ),
  };
}

describe('lab-testing record readers', () => {
  const record = (name: string) =>
    fc.oneof(validArb(schema(name)), fc.dictionary(fc.string(), fc.jsonValue()));
  const status = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined), anyValue);

  it('reads the stage of any order record without throwing', () => {
    fc.assert(
      fc.property(record('Order'), (order) => {
        expect(typeof orderStatus(order as never).stage).toBe('string');
      }),
      options,
    );
  });

  it('reads the stage of any appointment record without throwing', () => {
    fc.assert(
      fc.property(record('AppointmentRecord'), (appointment) => {
        expect(typeof appointmentStatus(appointment as never).stage).toBe('string');
      }),
      options,
    );
  });

  it('classifies any status value into a stage without throwing', () => {
    fc.assert(
      fc.property(status, (value) => {
        for (const classify of [
          classifyOrderStatus,
          classifyOrderLowLevelStatus,
          classifyAppointmentStatus,
          classifyAppointmentEventStatus,
          classifyParsingJobStatus,
        ]) {
          expect(typeof (classify as (value: unknown) => string)(value)).toBe('string');
        }
      }),
      options,
    );
  });

  it('narrows any extracted biomarker without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(record('ExtractedBiomarker'), anyValue), (raw) => {
        const biomarker = toBiomarker(raw as never);
        expect(biomarker.value === null || ['string', 'number'].includes(typeof biomarker.value)).toBe(true);
      }),
      options,
    );
  });

  it('reads the id of any parsing job record, or says it has none with a SvcError', () => {
    fc.assert(
      fc.property(record('ParsingJob'), (job) => {
        try {
          expect(typeof parsingJobId(job as never)).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(SvcError);
        }
      }),
      options,
    );
  });

  it('has the record schemas it reads in the spec', () => {
    for (const name of [
      'Order',
      'AppointmentRecord',
      'ExtractedBiomarker',
      'ParsingJob',
      'OrderCreateRequest',
    ]) {
      expect(spec.components?.schemas?.[name]).toBeDefined();
    }
  });
});
