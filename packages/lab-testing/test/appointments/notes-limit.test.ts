// Property tests of the 1000-character limits, through an injected fetch (no server): text within the
// limit reaches the wire unchanged, longer text is refused before any request.
import { createClient, ValidationError } from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount, labTesting } from '../../src/index.js';
import { ORDER_ID } from '../clients.js';

function fakeLab() {
  const bodies: unknown[] = [];
  const client = createClient({
    apiKey: 'sk-test-lab',
    baseUrl: 'http://127.0.0.1:9',
    maxRetries: 0,
    fetch: async (request, init) => {
      const body = init?.body ?? (request.body === null ? undefined : await request.text());
      bodies.push(
        JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body as ArrayBuffer)),
      );
      return Response.json({ id: ORDER_ID, status: 'pending' });
    },
  });
  return { lab: labTesting(client), bodies };
}

/** Text of up to `max` code points, with astral characters (emoji) and combining marks. */
const text = (minLength: number, maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('a', ' ', 'é', '\u0301', '🩸', '𝔸', '\n'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    minLength,
    maxLength,
  });

const notesCalls = (lab: ReturnType<typeof labTesting>, notes: string) => [
  () =>
    lab.appointments.phlebotomy.request(ORDER_ID, { address: {}, provider: 'p', appointment_notes: notes }),
  () => lab.appointments.phlebotomy.book(ORDER_ID, { appointment_notes: notes }),
  () => lab.appointments.phlebotomy.reschedule(ORDER_ID, { appointment_notes: notes }),
  () => lab.orders.create({ clinical_notes: notes }),
];

describe('the 1000-character limits of notes and clinical comments', () => {
  it('sends any text of at most 1000 characters unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(text(0, 1000), async (notes) => {
        const { lab, bodies } = fakeLab();
        for (const call of notesCalls(lab, notes)) await call();
        expect(bodies.map((body) => Object.values(body as object).find((value) => value === notes))).toEqual([
          notes,
          notes,
          notes,
          notes,
        ]);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses any text over 1000 characters before sending, never cutting it', async () => {
    await fc.assert(
      fc.asyncProperty(text(1001, 1100), async (notes) => {
        const { lab, bodies } = fakeLab();
        for (const call of notesCalls(lab, notes)) {
          await expect(call()).rejects.toBeInstanceOf(ValidationError);
        }
        expect(bodies).toHaveLength(0);
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with the client on where the limit is', async () => {
    await fc.assert(
      fc.asyncProperty(text(990, 1010), async (notes) => {
        const { lab, bodies } = fakeLab();
        const outcome = await lab.appointments.phlebotomy.book(ORDER_ID, { appointment_notes: notes }).then(
          () => 'sent',
          (error: ValidationError) => error.field,
        );
        expect(outcome).toBe(characterCount(notes) <= 1000 ? 'sent' : 'appointment_notes');
        expect(bodies).toHaveLength(outcome === 'sent' ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });

  it('counts characters as code points', () => {
    fc.assert(
      fc.property(text(0, 50), (notes) => {
        expect(characterCount(notes)).toBe(Array.from(notes).length);
      }),
    );
  });
});
