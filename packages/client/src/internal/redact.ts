// The ONE place secrets are scrubbed: error messages and stacks, toJSON/inspect output and log lines
// all pass through here, so a new output path cannot forget a rule.

const MASK = '[redacted]';

import { API_KEY_HEADER, LINK_TOKEN_HEADER } from '../headers.js';

/** Header names whose values are secrets wherever they appear (lower case). */
const SECRET_HEADERS = new Set([API_KEY_HEADER, LINK_TOKEN_HEADER, 'authorization', 'cookie', 'set-cookie']);

/** Whether a header (any letter case) carries a secret value. */
export const isSecretHeader = (name: string): boolean => SECRET_HEADERS.has(name.toLowerCase());

/** Shorter values are not registered: masking every "abc" in every message would hide more than it protects. */
const MIN_SECRET_LENGTH = 4;

/**
 * The secrets of one owner: a client (its API key, secret headers) or one call (a key returned by
 * the apiKey function, a link token), chained to its client's. Errors keep the Secrets of the call
 * that made them, so they stay redacted however many other clients or tokens come later; no
 * process-wide list exists to evict them, and a call's secrets are freed with the call and its errors.
 */
export class Secrets {
  /** Made at the first secret: most calls have none of their own, and a Set per call is not free. */
  #own: Set<string> | undefined;
  readonly #parent: Secrets | undefined;
  constructor(parent?: Secrets) {
    this.#parent = parent;
  }

  /** Remembers a secret value so that it is masked in every message, log line and serialized error. */
  add(value: unknown): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
    this.#own ??= new Set();
    this.#own.add(value);
  }

  /** Secret headers of a header bag (any letter case; a Headers, `[name, value]` pairs or a plain record). */
  addHeaders(headers: unknown): void {
    if (headers === null || typeof headers !== 'object') return;
    if (Symbol.iterator in headers) {
      // A malformed pair is left to the code that builds the request, which refuses it.
      for (const pair of headers as Iterable<unknown>)
        if (Array.isArray(pair) && typeof pair[0] === 'string' && isSecretHeader(pair[0])) this.add(pair[1]);
      return;
    }
    const record = headers as Record<string, unknown>;
    for (const name in record)
      if (Object.hasOwn(record, name) && isSecretHeader(name)) this.add(record[name]);
  }

  /** Every secret of this owner and its parents, longest first so one containing another is masked whole. */
  values(): string[] {
    const own = this.#own ? [...this.#own] : [];
    const all = this.#parent ? [...own, ...this.#parent.values()] : own;
    return all.sort((a, b) => b.length - a.length);
  }

  /** The text with every secret replaced by `[redacted]`. */
  redact(text: string): string {
    return redactText(text, this.values());
  }
}

/**
 * The Secrets of every live client, held weakly: an error a helper package builds (a pagination
 * cursor, a polled record) is redacted with them. Unbounded yet never growing past the live clients,
 * and nothing is evicted while its client lives.
 */
const liveClients = new Set<WeakRef<Secrets>>();

/** Adds a client's Secrets to the live set, dropping those of clients already collected. */
export function registerClientSecrets(secrets: Secrets): void {
  for (const ref of liveClients) if (ref.deref() === undefined) liveClients.delete(ref);
  liveClients.add(new WeakRef(secrets));
}

/** The secrets of every live client, longest first. */
export function liveSecrets(): string[] {
  const all: string[] = [];
  for (const ref of liveClients) all.push(...(ref.deref()?.values() ?? []));
  return all.sort((a, b) => b.length - a.length);
}

/** Redacts with the given secrets, or with every live client's when none are given. */
export const redactWith = (text: string, secrets: Secrets | undefined): string =>
  redactText(text, secrets ? secrets.values() : liveSecrets());

function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(MASK);
  return text;
}

/** Below this depth a value is copied field by field; deeper subtrees become one redacted JSON string. */
const COPY_DEPTH = 32;

function deepText(value: unknown, secrets: readonly string[]): string {
  try {
    return redactText(
      JSON.stringify(value, (key, item) => (isSecretHeader(key) ? MASK : item)) ?? '',
      secrets,
    );
  } catch {
    return MASK; // A cycle or a subtree too deep to serialize: nothing of it is shown.
  }
}

/** A copy of a Headers with secret headers masked and every secret in other values replaced. */
export function redactHeaders(headers: Headers, secrets: readonly string[]): Headers {
  const copy = new Headers();
  for (const [name, value] of headers)
    copy.append(name, isSecretHeader(name) ? MASK : redactText(value, secrets));
  return copy;
}

/** Causes followed at most: a chain longer than this is cut, never walked without end. */
const MAX_CAUSES = 8;

/**
 * Masks secrets in place in the string fields (message, stack, any other) of an error and of its
 * causes: a SyntaxError from parsing a body quotes the body, a failed fetch may quote what it sent.
 * Objects that are not errors are left alone (they are not ours to change).
 */
export function redactErrorChain(cause: unknown, secrets: readonly string[]): void {
  const seen = new Set<unknown>();
  for (let error = cause, hops = 0; error instanceof Error && !seen.has(error) && hops < MAX_CAUSES; hops++) {
    seen.add(error);
    for (const key of Object.getOwnPropertyNames(error)) {
      const descriptor = Object.getOwnPropertyDescriptor(error, key);
      const value = descriptor?.value;
      if (typeof value !== 'string') continue;
      const redacted = redactText(value, secrets);
      if (redacted === value) continue;
      if (descriptor?.writable) (error as unknown as Record<string, string>)[key] = redacted;
      else if (descriptor?.configurable)
        Object.defineProperty(error, key, { ...descriptor, value: redacted });
    }
    error = error.cause;
  }
}

/**
 * A plain copy of a value (objects, arrays, Headers) with secrets masked, safe to print or serialize.
 * No depth lets a secret through: past COPY_DEPTH the subtree is kept as a redacted JSON string.
 */
export function redactValue(value: unknown, secrets: Secrets | readonly string[] = []): unknown {
  const list = Array.isArray(secrets) ? secrets : (secrets as Secrets).values();
  return copy(value, list, 0, new WeakSet());
}

function copy(value: unknown, secrets: readonly string[], depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= COPY_DEPTH) return deepText(value, secrets);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => copy(item, secrets, depth + 1, seen));
    const entries =
      typeof Headers !== 'undefined' && value instanceof Headers ? [...value] : Object.entries(value);
    const result: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      result[key] = isSecretHeader(key) ? MASK : copy(item, secrets, depth + 1, seen);
    }
    return result;
  } finally {
    seen.delete(value);
  }
}
