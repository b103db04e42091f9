/**
 * What a table holds under `name` as its own key, else undefined: never what every object inherits
 * (`constructor`, `toString`, `__proto__`), which a name from a caller or a record may spell.
 */
export const ownValue = <V>(table: Readonly<Record<string, V>>, name: string): V | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;
