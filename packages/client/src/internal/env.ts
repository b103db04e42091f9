/**
 * An environment variable where the runtime has an environment (Node, Bun; Deno's Node compatibility
 * layer), else undefined. Never throws: browsers have no `process`, and Deno without `--allow-env`
 * throws on read, which must not stop a client created with explicit options.
 */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
      name
    ];
    // An empty variable counts as unset, as in stripe-node and openai-node.
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  } catch {
    return undefined;
  }
}
