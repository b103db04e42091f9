import { SvcError } from '@svc/client';

/**
 * Marks the end of an exhaustive `switch`. Over a closed union (the stages of this package) it
 * compiles only when every member has a case. Over an open enum of the spec (`"a" | "b" | (string & {})`)
 * it never compiles, because `string & {}` is always left: give such a switch a real default path.
 * At run time it throws, naming the unexpected value.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new SvcError(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
