// Reads the event catalogue out of a bundled spec: the `webhooks` map and the `SupportedResource` enum.
import { nonExhaustiveValues } from './non-exhaustive.ts';

/** Marks a webhook whose name holds a `<resource>` placeholder, expanded over `SupportedResource`. */
export const TEMPLATE_EXTENSION = 'x-svc-event-template';
/** Names the event that replaces a deprecated one. */
export const REPLACED_BY_EXTENSION = 'x-svc-replaced-by';
/** Marks a name the interface document does not show (a placeholder chosen by the spec's authors). */
export const INFERRED_NAME_EXTENSION = 'x-svc-inferred-name';

const PLACEHOLDER = /<resource>|\{resource\}/;
const PHASED_NAME = /^(historical|daily)\.([a-z0-9_]+)\.([^.]+)\.([a-z0-9_]+)$/;

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
} & Record<string, unknown>;
type PathItem = { post?: Operation } & Record<string, unknown>;
export type BundledSpec = {
  webhooks?: Record<string, PathItem>;
  components?: { schemas?: Record<string, unknown> };
};

export interface CatalogueEntry {
  /** The key of the spec's `webhooks` map. */
  key: string;
  /** For templates, the event name around the placeholder; null for concrete names. */
  prefix: string | null;
  suffix: string | null;
  family: string;
  phase: string | null;
  resource: string | null;
  action: string;
  deprecated: boolean;
  replacedBy: string | null;
  inferredName: boolean;
  /** Name of the generated payload alias. */
  payloadType: string;
  summary: string;
}

export interface Catalogue {
  resources: string[];
  entries: CatalogueEntry[];
  /** Things the spec should say explicitly; printed by the generator, never fatal. */
  warnings: string[];
}

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/** `historical.data.<resource>.created` → family `data`, phase `historical`, action `created`. */
function splitName(key: string): Pick<CatalogueEntry, 'family' | 'phase' | 'resource' | 'action'> {
  const name = key.replace(PLACEHOLDER, '<resource>');
  const phased = PHASED_NAME.exec(name);
  if (phased) {
    const [, phase, family, resource, action] = phased as unknown as [string, string, string, string, string];
    return { family, phase, resource: resource === '<resource>' ? null : resource, action };
  }
  const segments = name.split('.');
  if (segments.length < 2) throw new Error(`webhook "${key}" is not a dotted event name`);
  return {
    family: segments.slice(0, -1).join('.'),
    phase: null,
    resource: null,
    action: segments.at(-1) as string,
  };
}

/** The replacement of a deprecated event: the extension, or else the first back-quoted event name in its description. */
function replacementOf(key: string, item: PathItem, keys: Set<string>, warnings: string[]): string | null {
  const post = item.post ?? {};
  const declared = post[REPLACED_BY_EXTENSION] ?? item[REPLACED_BY_EXTENSION];
  if (typeof declared === 'string') {
    if (!keys.has(declared))
      throw new Error(`${REPLACED_BY_EXTENSION} of "${key}" names "${declared}", not a webhook`);
    return declared;
  }
  const quoted = /replaced by\s+`([^`]+)`/i.exec(post.description ?? '')?.[1];
  if (quoted && keys.has(quoted)) {
    warnings.push(
      `"${key}" is deprecated without ${REPLACED_BY_EXTENSION}; read "${quoted}" from its description`,
    );
    return quoted;
  }
  warnings.push(`"${key}" is deprecated and names no replacement (${REPLACED_BY_EXTENSION})`);
  return null;
}

export function readCatalogue(spec: BundledSpec): Catalogue {
  const warnings: string[] = [];
  const webhooks = spec.webhooks ?? {};
  const keys = new Set(Object.keys(webhooks));
  if (keys.size === 0) throw new Error('the bundled spec has no `webhooks`');
  const resources = nonExhaustiveValues(spec.components?.schemas?.SupportedResource);
  if (!resources) {
    throw new Error('the bundled spec has no non-exhaustive enum `components.schemas.SupportedResource`');
  }
  const usedTypeNames = new Set<string>();

  const entries = Object.entries(webhooks).map(([key, item]): CatalogueEntry => {
    const post = item.post;
    if (!post) throw new Error(`webhook "${key}" has no \`post\` operation carrying its payload`);
    const template = (item[TEMPLATE_EXTENSION] ?? post[TEMPLATE_EXTENSION]) === true;
    const match = PLACEHOLDER.exec(key);
    if (template !== Boolean(match)) {
      throw new Error(
        `webhook "${key}": ${TEMPLATE_EXTENSION} and a <resource> placeholder must go together`,
      );
    }
    const deprecated = post.deprecated === true;
    const base = /^on[A-Z]/.test(post.operationId ?? '')
      ? (post.operationId as string).slice(2)
      : pascal(key);
    const payloadType = `${base}Payload`;
    if (usedTypeNames.has(payloadType))
      throw new Error(`two webhooks would generate the type ${payloadType}`);
    usedTypeNames.add(payloadType);
    return {
      key,
      prefix: match ? key.slice(0, match.index) : null,
      suffix: match ? key.slice(match.index + match[0].length) : null,
      ...splitName(key),
      deprecated,
      replacedBy: deprecated ? replacementOf(key, item, keys, warnings) : null,
      inferredName: (item[INFERRED_NAME_EXTENSION] ?? post[INFERRED_NAME_EXTENSION]) === true,
      payloadType,
      summary: (post.summary ?? '').trim(),
    };
  });
  return { resources, entries, warnings };
}
