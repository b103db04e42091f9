// A named call's request headers on Node: `Headers`' methods and rules (the same names and values
// accepted, trimmed and joined) over a plain record of lower-cased names, so both transports send the
// same bytes. No `Headers` is built: one costs several µs per call on Node, and the first use of the
// global loads Node's whole fetch implementation, which a call over node:http never needs.
import { HEADER_NAME } from '../input/header-name.js';

/** HTTP whitespace around a value, which `Headers` strips. */
const OUTER_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/**
 * What no transport on Node sends inside a value: NUL, CR, LF, other control characters than a tab, and
 * any character beyond one byte. `Headers` lets control characters through, but node:http and Node's
 * fetch both refuse them when sending: refused here, they are a ValidationError before anything is sent.
 */
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/** Printable ASCII with no space at either end: kept as it is by `Headers`, sent as it is. */
const PLAIN_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function headerValue(name: string, value: unknown): string {
  // A template literal throws a TypeError for a symbol, as `Headers` does.
  const given = `${value}`;
  if (PLAIN_VALUE.test(given)) return given;
  const text = given.replace(OUTER_SPACE, '');
  // The value stays out of the message: it may be a secret.
  if (BAD_VALUE.test(text)) throw new TypeError(`invalid value of header ${name}`);
  return text;
}

function nameOf(name: string): string {
  if (!HEADER_NAME.test(name)) throw new TypeError(`invalid header name ${name}`);
  return name.toLowerCase();
}

/** Iterable as `[name, value]` pairs, so fetch and `new Request()` take it as they take a Headers. */
export class HeaderList {
  /** Lower-cased name → value; no prototype, so any name is a plain key. */
  readonly values: Record<string, string> = Object.create(null);
  set(name: string, value: unknown): void {
    this.values[nameOf(name)] = headerValue(name, value);
  }

  /** A second value joins the first after `, `. */
  append(name: string, value: unknown): void {
    const key = nameOf(name);
    const text = headerValue(name, value);
    const current = this.values[key];
    this.values[key] = current === undefined ? text : `${current}, ${text}`;
  }

  delete(name: string): void {
    delete this.values[nameOf(name)];
  }

  /** As `Headers#get`: openapi-fetch's body serializer reads the content type with it. */
  get(name: string): string | null {
    return this.values[name.toLowerCase()] ?? null;
  }

  has(name: string): boolean {
    return name.toLowerCase() in this.values;
  }

  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const name in this.values) yield [name, this.values[name] as string];
  }
}
