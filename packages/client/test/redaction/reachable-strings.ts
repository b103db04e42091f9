/** Objects walked at most: a walk that passes this has gone somewhere a test never meant to. */
const MAX_OBJECTS = 200_000;

/**
 * Every string reachable from `root` as data, the way a debugger or a heap walker sees it: own string
 * and symbol keys (enumerable or not), the prototype chain of every object, and what each getter on
 * that chain returns for the object (a Headers' entries, say). Closures are not data: a function's
 * captured variables are not reachable, only its own properties.
 */
export function reachableStrings(root: unknown): string[] {
  const strings: string[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [root];
  while (queue.length > 0) {
    const value = queue.pop();
    if (typeof value === 'string') {
      strings.push(value);
      continue;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value))
      continue;
    if (seen.size >= MAX_OBJECTS) throw new Error('reachableStrings: too many objects');
    seen.add(value);
    if (value instanceof Map || value instanceof Set) for (const entry of value) queue.push(entry);
    if (Array.isArray(value)) queue.push(...value);
    for (let holder: object | null = value; holder !== null; holder = Object.getPrototypeOf(holder)) {
      queue.push(holder);
      for (const key of Reflect.ownKeys(holder)) {
        if (typeof key === 'string') strings.push(key);
        const descriptor = Object.getOwnPropertyDescriptor(holder, key);
        if (!descriptor) continue;
        if ('value' in descriptor) queue.push(descriptor.value);
        else if (descriptor.get)
          try {
            queue.push(descriptor.get.call(value));
          } catch {
            // A getter of another receiver's prototype (Map.prototype.size on an error): not data of it.
          }
      }
    }
  }
  return strings;
}
