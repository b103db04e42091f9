// What the server's console needs of a sandbox beyond its public surface: its worlds by name and their
// control routes. Kept beside the sandbox object, not on it, so nothing of it is public API.
import type { ConsoleParts } from './console/console-parts.js';
import type { Sandbox } from './sandbox-types.js';

const internals = new WeakMap<Sandbox, ConsoleParts>();

/** Records a sandbox's internals (createSandbox does, once). */
export const keepInternals = (sandbox: Sandbox, parts: ConsoleParts): void => {
  internals.set(sandbox, parts);
};

/** The internals of a sandbox made by createSandbox; undefined for any other object. */
export const internalsOf = (sandbox: Sandbox): ConsoleParts | undefined => internals.get(sandbox);
