// What `#node-http` resolves to outside Node (browsers, workers, Deno, Bun and workerd builds): no
// Node transport, so named calls use fetch and the bundle carries no node:http code.
import type { CreateNodeHttpClient } from '../http-client.js';

export const createNodeHttpClient: CreateNodeHttpClient | undefined = undefined;

/** Nothing to refuse: elsewhere `Headers` is the rule, and fetch sends what it accepts. */
export const checkRequestHeaders: ((headers: Iterable<[string, string]>, what: string) => void) | undefined =
  undefined;
