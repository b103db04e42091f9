// Reads the service's own explanation out of an error body. The service documents no error body, so
// this tries the shapes APIs commonly send and gives up quietly on anything else.

/** What an error body says about itself: its text, and the code and parameter it names. */
export interface ErrorBodyExplanation {
  text?: string;
  code?: string;
  param?: string;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
/** A field name from `param`/`field`, or a `loc`/`location` path (`['body', 'mfa_code']` → `body.mfa_code`). */
function paramOf(item: Json): string | undefined {
  const named = text(item.param) ?? text(item.field);
  if (named) return named;
  const path = Array.isArray(item.loc) ? item.loc : Array.isArray(item.location) ? item.location : undefined;
  const parts = path?.filter((part) => typeof part === 'string' || typeof part === 'number');
  return parts && parts.length > 0 ? parts.join('.') : undefined;
}

/** One entry of a list of problems (`detail[]`, `errors[]`): a string, or `{ msg | message | detail, loc | param }`. */
function itemText(item: unknown): string | undefined {
  if (typeof item === 'string') return text(item);
  if (!isRecord(item)) return undefined;
  const said = text(item.msg) ?? text(item.message) ?? text(item.detail);
  if (!said) return undefined;
  const param = paramOf(item);
  return param ? `${param}: ${said}` : said;
}

/** A list of problems joined with `; `, with the code and parameter of the first one that names them. */
function fromList(list: unknown[]): ErrorBodyExplanation {
  const texts = list.map(itemText).filter((said): said is string => said !== undefined);
  const first = list.find(isRecord);
  return {
    text: texts.length > 0 ? texts.join('; ') : undefined,
    code: first ? (text(first.code) ?? text(first.type)) : undefined,
    param: first ? paramOf(first) : undefined,
  };
}

/** A record with `message` (and maybe `code`, `param`): the body itself, or its `error` object. */
function fromRecord(record: Json): ErrorBodyExplanation {
  return { text: text(record.message), code: text(record.code), param: paramOf(record) };
}

/**
 * The explanation of an error body, from the shapes seen most: a plain text body; `detail` as text
 * or as a list of `{ loc, msg }`; `message`; `error` as text or as `{ code, message }`; `errors[]`.
 * Fields the body does not have are left out; a body in no known shape gives `{}`.
 */
export function explainErrorBody(body: unknown): ErrorBodyExplanation {
  if (typeof body === 'string') return { text: text(body) };
  if (!isRecord(body)) return {};
  const top = fromRecord(body);
  const found: ErrorBodyExplanation[] = [];
  if (typeof body.detail === 'string') found.push({ text: text(body.detail) });
  else if (Array.isArray(body.detail)) found.push(fromList(body.detail));
  found.push(top);
  if (typeof body.error === 'string') found.push({ text: text(body.error) });
  else if (isRecord(body.error)) found.push(fromRecord(body.error));
  if (Array.isArray(body.errors)) found.push(fromList(body.errors));
  // The first shape that says something wins each field; top-level `code`/`param` beat nested ones.
  const pick = (key: keyof ErrorBodyExplanation) =>
    top[key] ?? found.map((entry) => entry[key]).find((value) => value !== undefined);
  return dropUndefined({
    text: found.find((entry) => entry.text)?.text,
    code: pick('code'),
    param: pick('param'),
  });
}

function dropUndefined(explanation: ErrorBodyExplanation): ErrorBodyExplanation {
  const kept: ErrorBodyExplanation = {};
  for (const key of ['text', 'code', 'param'] as const) if (explanation[key]) kept[key] = explanation[key];
  return kept;
}
