// A named call's request headers on Node: `Headers`' methods and rules (the same names and values
// accepted, trimmed and joined) over a flat list of lower-cased names and values, so both transports
// send the same bytes. No `Headers` is built: one costs several µs per call on Node, and the first use of the
// global loads Node's whole fetch implementation, which a call over node:http never needs.
import { HEADER_NAME } from './header-name.js';
import { UNSENDABLE_VALUE, unsendableValueReason } from './unsendable-value.js';

/** HTTP whitespace around a value, which `Headers` strips. */
const OUTER_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** Printable ASCII with no space at either end: kept as it is by `Headers`, sent as it is. */
const PLAIN_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function headerValue(name: string, value: unknown): string {
  // A template literal throws a TypeError for a symbol, as `Headers` does.
  const given = `${value}`;
  if (PLAIN_VALUE.test(given)) return given;
  const text = given.replace(OUTER_SPACE, '');
  if (UNSENDABLE_VALUE.test(text)) throw new TypeError(unsendableValueReason(name));
  return text;
}

function nameOf(name: string): string {
  if (!HEADER_NAME.test(name)) throw new TypeError(`invalid header name ${name}`);
  return name.toLowerCase();
}

/**
 * Iterable as `[name, value]` pairs, so fetch and `new Request()` take it as they take a Headers. Kept as
 * one flat `name, value, …` array in the order set, which node:http takes as it is: no record of
 * headers per call, and no second copy of them inside the request.
 */
export class HeaderList {
  /** Lower-cased names and their values, alternating. */
  readonly pairs: string[];

  /** Empty, or a copy of `from`, whose names and values were checked when set. */
  constructor(from?: HeaderList) {
    this.pairs = from?.pairs.slice() ?? [];
  }

  /** Where `key` (lower case) sits in `pairs`, or -1. */
  #at(key: string): number {
    const pairs = this.pairs;
    for (let index = 0; index < pairs.length; index += 2) if (pairs[index] === key) return index;
    return -1;
  }

  set(name: string, value: unknown): void {
    const key = nameOf(name);
    const text = headerValue(name, value);
    const index = this.#at(key);
    if (index === -1) this.pairs.push(key, text);
    else this.pairs[index + 1] = text;
  }

  /** A second value joins the first after `, `. */
  append(name: string, value: unknown): void {
    const key = nameOf(name);
    const text = headerValue(name, value);
    const index = this.#at(key);
    if (index === -1) this.pairs.push(key, text);
    else this.pairs[index + 1] = `${this.pairs[index + 1]}, ${text}`;
  }

  delete(name: string): void {
    const index = this.#at(nameOf(name));
    if (index !== -1) this.pairs.splice(index, 2);
  }

  /** As `Headers#get`: openapi-fetch's body serializer reads the content type with it. */
  get(name: string): string | null {
    const index = this.#at(name.toLowerCase());
    return index === -1 ? null : (this.pairs[index + 1] as string);
  }

  has(name: string): boolean {
    return this.#at(name.toLowerCase()) !== -1;
  }

  /** Sets a header the call has not set, from a name (lower case) and value known to be valid. */
  default(key: string, value: string): void {
    if (this.#at(key) === -1) this.pairs.push(key, value);
  }

  *[Symbol.iterator](): IterableIterator<[string, string]> {
    const pairs = this.pairs;
    for (let index = 0; index < pairs.length; index += 2)
      yield [pairs[index] as string, pairs[index + 1] as string];
  }
}
