import { describe, expect, it } from 'vitest';
import { validatorAt } from '../fixtures/ajv-spec.js';
import {
  closedEnumPositions,
  describeSteps,
  openEnumPositions,
  type Position,
  UNKNOWN_VALUE,
  withValueAt,
} from '../fixtures/open-enum-positions.js';
import { sampleValue } from '../fixtures/sample-request.js';
import { type SentSchema, sentSchemas } from '../fixtures/sent-schemas.js';

const sent = sentSchemas();
const cases = (pick: (schema: unknown) => Position[]) =>
  sent.flatMap((entry) =>
    pick(entry.schema).map(
      (position) => [`${entry.name} ${describeSteps(position.steps)}`, entry, position] as const,
    ),
  );
const openCases = cases(openEnumPositions);
const closedCases = cases(closedEnumPositions);

/** The spec's example of what the service sends (or a sample from its schema), with `value` at the position. */
function sentWith(entry: SentSchema, position: Position, value: unknown): unknown {
  const base = sampleValue(entry.schema, entry.example);
  return withValueAt(base, position.steps, value);
}

const errorsOf = (validate: { errors?: unknown }) => JSON.stringify(validate.errors);

describe('issue 16: a standard JSON Schema 2020-12 validator (Ajv) reads non-exhaustive enums as open', () => {
  it('finds the open enums of responses and webhook payloads, and some closed enums, in the spec', () => {
    expect(sent.length).toBeGreaterThanOrEqual(25);
    expect(openCases.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('.status'),
        expect.stringContaining('.supported_resources[0]'),
        expect.stringContaining('.error_type'),
      ]),
    );
    expect(closedCases.length).toBeGreaterThan(0);
  });

  it.each(sent.map((entry) => [entry.name, entry] as const))(
    '%s: its example (or schema sample) is valid, so the cases below change one thing only',
    (_name, entry) => {
      const validate = validatorAt(entry.pointer);
      expect(validate(sampleValue(entry.schema, entry.example)), errorsOf(validate)).toBe(true);
    },
  );

  it.each(openCases)('%s accepts a value added later and refuses a non-string', (_name, entry, position) => {
    const validate = validatorAt(entry.pointer);
    expect(validate(sentWith(entry, position, UNKNOWN_VALUE)), errorsOf(validate)).toBe(true);
    expect(validate(sentWith(entry, position, 42))).toBe(false);
  });

  it.each(closedCases)('%s (a closed enum) refuses an unknown value', (_name, entry, position) => {
    const validate = validatorAt(entry.pointer);
    expect(validate(sentWith(entry, position, UNKNOWN_VALUE))).toBe(false);
  });
});
