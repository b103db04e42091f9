// "Appendix: how this reference was derived", built from every `x-svc-*` extension of the bundle, so
// provenance (inferred paths and names, assumptions, what is kept open) sits in one place partners can
// find, and the rest of the reference speaks only about the API. Unknown extensions are listed too.
import { HTTP_METHODS, type OpenApiDocument } from '@svc/spec';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export const APPENDIX_TAG = 'Appendix: how this reference was derived';

/** What each known extension means for a partner; an extension missing here is listed under its own name. */
const MEANINGS: Record<string, string> = {
  'x-svc-inferred-path':
    'Paths inferred from the service description: the operation exists, its exact path may change.',
  'x-svc-inferred-name':
    'Names inferred from the service description (fields, parameters, operations): they may be renamed.',
  'x-svc-non-exhaustive':
    'Values that may grow: the service may send values not listed; handle unknown ones.',
  'x-svc-pagination': 'Paginated operations and how they page (the client iterates them for you).',
  'x-svc-idempotent': 'Operations that take an `Idempotency-Key` and are safe to retry.',
  'x-svc-replaced-by': 'Deprecated items and what replaces them.',
  'x-svc-event-template':
    'Webhook event names that are templates: `<resource>` stands for each data resource.',
};

interface Occurrence {
  where: string;
  value: unknown;
}

/** A readable place for a JSON path inside the bundle. */
function describe(path: string[]): string {
  const [root, a, b, ...rest] = path;
  if (root === 'paths' && a && b && METHODS.has(b))
    return `\`${b.toUpperCase()} ${a}\`${rest.length ? ` (${rest.join(' › ')})` : ''}`;
  if (root === 'paths' && a) return `\`${a}\`${b ? ` (${[b, ...rest].join(' › ')})` : ''}`;
  if (root === 'webhooks' && a) return `webhook \`${a}\`${rest.length ? ` (${rest.join(' › ')})` : ''}`;
  if (root === 'components' && a && b) {
    const inner = rest.filter((part) => part !== 'properties');
    return `${a.replace(/s$/, '')} \`${b}\`${inner.length ? ` › ${inner.join(' › ')}` : ''}`;
  }
  return path.join(' › ') || 'the whole API';
}

/** Every `x-svc-*` extension and where it occurs. */
export function collectExtensions(spec: OpenApiDocument): Map<string, Occurrence[]> {
  const found = new Map<string, Occurrence[]>();
  const walk = (value: unknown, path: string[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, [...path, String(index)]);
      });
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('x-svc-')) {
        const list = found.get(key) ?? [];
        list.push({ where: describe(path), value: inner });
        found.set(key, list);
      } else {
        walk(inner, [...path, key]);
      }
    }
  };
  walk(spec, []);
  return found;
}

const show = (value: unknown): string =>
  value === true ? '' : typeof value === 'string' ? `: ${value}` : `: \`${JSON.stringify(value)}\``;

/** The appendix as Markdown, one section per extension. */
export function appendixMarkdown(spec: OpenApiDocument): string {
  const sections = [
    "This reference is generated from an OpenAPI description maintained by hand from the service's own description. Where that description leaves something out, the OpenAPI document records what was inferred or kept open in `x-svc-*` extensions; this appendix lists them, so the rest of the reference can speak about the API alone.",
  ];
  for (const [name, occurrences] of [...collectExtensions(spec)].sort(([a], [b]) => a.localeCompare(b))) {
    sections.push(
      `## \`${name}\``,
      MEANINGS[name] ?? `Marked with \`${name}\`.`,
      occurrences.map((item) => `- ${item.where}${show(item.value)}`).join('\n'),
    );
  }
  return sections.join('\n\n');
}
