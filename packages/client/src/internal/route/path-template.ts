import { defaultPathSerializer } from 'openapi-fetch';

type Params = Record<string, unknown> | undefined;

/** A path template split once: `parts[i]`, then the value of `names[i]`, …, then the last part. */
interface Template {
  parts: string[];
  names: string[];
}

const PLACEHOLDER = /\{[^{}]+\}/g;
/** Label (`{.x}`), matrix (`{;x}`) and exploded (`{x*}`) styles are left to openapi-fetch. */
const STYLED = /^[.;]|\*$/;
const templates = new Map<string, Template | null>();

function compile(path: string): Template | null {
  const parts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of path.matchAll(PLACEHOLDER)) {
    const name = match[0].slice(1, -1);
    if (STYLED.test(name)) return null;
    parts.push(path.slice(last, match.index));
    names.push(name);
    last = match.index + match[0].length;
  }
  parts.push(path.slice(last));
  return { parts, names };
}

/**
 * `baseUrl + path` with the path parameters filled in, exactly as openapi-fetch's
 * `defaultPathSerializer` writes it (each value `encodeURIComponent`-ed, a missing one left as its
 * placeholder), from a template split once per path instead of a regex scan and a replace per value.
 * Anything but a plain value (or a base URL with braces) goes to openapi-fetch's serializer itself.
 */
export function fillPath(baseUrl: string, path: string, params: Params): string {
  let template = templates.get(path);
  if (template === undefined) {
    template = compile(path);
    // Keyed by the operation table's paths: bounded.
    templates.set(path, template);
  }
  if (template === null || baseUrl.includes('{')) return defaultPathSerializer(baseUrl + path, params ?? {});
  const { parts, names } = template;
  let url = baseUrl + parts[0];
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const value = params?.[name];
    if (value === undefined || value === null) url += `{${name}}`;
    else if (typeof value === 'object') return defaultPathSerializer(baseUrl + path, params ?? {});
    else url += encodeURIComponent(value as string | number | boolean);
    url += parts[index + 1];
  }
  return url;
}
