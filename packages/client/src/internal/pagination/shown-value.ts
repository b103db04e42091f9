/**
 * A refused option as an error message shows it: numbers and the like as written, anything else by its
 * type. `String(value)` is not safe here: it throws on an object whose `toString` is not callable.
 */
export function shownValue(value: unknown): string {
  if (value === null || ['number', 'bigint', 'boolean', 'undefined'].includes(typeof value))
    return String(value);
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : `a value of type ${typeof value}`;
}
