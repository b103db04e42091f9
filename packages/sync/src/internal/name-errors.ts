type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Gives each error class its key as `name`, on the prototype as `Error.prototype.name` is: each name is
 * written once, and an object key survives a bundler's minification where a class's own name does not.
 */
export function nameErrors(classes: Record<string, ErrorClass>): void {
  for (const [name, Class] of Object.entries(classes))
    Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true });
}
