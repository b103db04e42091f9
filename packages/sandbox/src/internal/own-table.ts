/**
 * A name-keyed table with no prototype: a name such as `constructor` or `__proto__` (a provider slug a
 * caller chose) is then missing like any unknown name, never a member every object inherits.
 */
export const ownTable = <T>(entries: Record<string, T>): Readonly<Record<string, T>> =>
  Object.assign(Object.create(null) as Record<string, T>, entries);
