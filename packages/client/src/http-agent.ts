/**
 * A `node:http` or `node:https` Agent (a proxy agent, custom TLS, socket limits), given as
 * `createClient({ httpAgent })`. Typed by the one method every Agent has, so this package's types do
 * not need Node's.
 */
export interface HttpAgent {
  destroy(): void;
}
