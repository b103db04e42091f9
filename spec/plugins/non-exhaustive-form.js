// The one spec form of a non-exhaustive enum, checked in one place: by the lint rule
// `svc/non-exhaustive-enum-form` (./svc.js) and by the generators (codegen/src/non-exhaustive.ts).

/** The vendor extension that marks an enum the service may extend. */
export const NON_EXHAUSTIVE = 'x-svc-non-exhaustive';

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why a schema carrying the marker is not in the one form, or `undefined` when it is. The form:
 * `type: string` and `anyOf: [{ type: string, enum: [...] }, { type: string }]`.
 * @param {Record<string, unknown>} schema
 * @returns {string | undefined}
 */
export function nonExhaustiveFormProblem(schema) {
  if (schema[NON_EXHAUSTIVE] !== true) return 'the marker must be `true`';
  if ('enum' in schema) return 'put the known values in the first `anyOf` member, not in a top-level `enum`';
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string') || types.some((type) => type !== 'string' && type !== 'null'))
    return 'the schema must be `type: string` (or `[string, "null"]`)';
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length !== 2 || !members.every(isObject))
    return 'write `anyOf: [{ type: string, enum: [...] }, { type: string }]`';
  const [known, other] = /** @type {[Record<string, unknown>, Record<string, unknown>]} */ (members);
  const values = known.enum;
  if (
    known.type !== 'string' ||
    !Array.isArray(values) ||
    values.length === 0 ||
    values.some((value) => typeof value !== 'string') ||
    new Set(values).size !== values.length
  )
    return 'the first `anyOf` member is `type: string` with an `enum` of distinct strings';
  const constraints = Object.keys(other).filter((key) => !['type', 'title', 'description'].includes(key));
  if (other.type !== 'string' || constraints.length > 0)
    return 'the second `anyOf` member is a plain `type: string` (any other value), with no other constraint';
  return undefined;
}

/**
 * True for an unmarked schema that looks like an open enum (an `enum` member beside a plain string in
 * `anyOf`/`oneOf`): without the marker the generators would not keep its known values.
 * @param {Record<string, unknown>} schema
 */
export function looksLikeUnmarkedOpenEnum(schema) {
  if (schema[NON_EXHAUSTIVE] !== undefined) return false;
  const members = [schema.anyOf, schema.oneOf].filter(Array.isArray).flat().filter(isObject);
  const hasEnum = members.some((member) => Array.isArray(member.enum));
  const hasPlainString = members.some(
    (member) => member.type === 'string' && !('enum' in member) && !('$ref' in member),
  );
  return hasEnum && hasPlainString;
}
