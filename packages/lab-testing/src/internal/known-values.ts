/**
 * The documented members of an open enum: `"a" | "b" | (string & {})` → `"a" | "b"`. A stage table
 * typed `Record<KnownValues<E>, Stage>` stops compiling when the spec documents a new value, until
 * the value is given a stage.
 */
export type KnownValues<E extends string> = E extends string ? (string extends E ? never : E) : never;

/** Own-property lookup, so `"toString"` or `"__proto__"` from the wire never hits Object.prototype. */
export function lookup<V>(table: Readonly<Record<string, V>>, key: unknown): V | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
