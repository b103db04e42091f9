// Reads the one spec form of a non-exhaustive enum (see spec/README.md, "Non-exhaustive enums").
import { NON_EXHAUSTIVE, nonExhaustiveFormProblem } from '@svc/spec/non-exhaustive-form';

export { NON_EXHAUSTIVE };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The known values of a schema marked `x-svc-non-exhaustive`, or `undefined` for an unmarked schema.
 * A marked schema in any other shape than the one form is a generator error (the lint says so too).
 */
export function nonExhaustiveValues(schema: unknown): string[] | undefined {
  if (!isObject(schema) || schema[NON_EXHAUSTIVE] === undefined) return undefined;
  const problem = nonExhaustiveFormProblem(schema);
  if (problem) throw new Error(`${NON_EXHAUSTIVE}: ${problem}`);
  return ((schema.anyOf as Record<string, unknown>[])[0] as { enum: string[] }).enum;
}
