// Reads the event catalogue out of a bundled spec: the `webhooks` map and the `SupportedResource` enum.
// Pure (spec → plain data), so its tests give it small specs; generate-events.ts renders what it returns.
import { eachOperation, followRef, type OpenApiDocument, type OperationObject } from '@svc/spec';
import { nonExhaustiveValues } from '../non-exhaustive.js';

/** Marks a webhook whose name holds a `<resource>` placeholder, expanded over `SupportedResource`. */
export const TEMPLATE_EXTENSION = 'x-svc-event-template';
/** Names the event that replaces a deprecated one. */
export const REPLACED_BY_EXTENSION = 'x-svc-replaced-by';
/** Marks a name the interface document does not show (a placeholder chosen by the spec's authors). */
export const INFERRED_NAME_EXTENSION = 'x-svc-inferred-name';

const PLACEHOLDER = /<resource>|\{resource\}/;

/**
 * The runtime's split of an event name (`splitEventName` of @svc/events), handed in by the events package:
 * the table holds what the runtime computes for names it does not know, and the split is written once there.
 */
export type SplitEventName = (name: string) => {
  family: string;
  phase: string | null;
  resource: string | null;
  action: string | null;
};

/** One row of the runtime's `eventCatalogue` (its `CatalogueEntry`, which the generated table satisfies). */
export interface CatalogueEntry {
  prefix: string | null;
  suffix: string | null;
  family: string;
  phase: string | null;
  resource: string | null;
  action: string;
  deprecated: boolean;
  replacedBy: string | null;
  inferredName: boolean;
}

export interface Catalogue {
  /** The values of `SupportedResource`, in spec order. */
  resources: string[];
  /** The runtime's `eventCatalogue`: one entry per key of the spec's `webhooks` map, in spec order. */
  entries: Record<string, CatalogueEntry>;
  /** Things the spec should say explicitly; printed by the generator, never fatal. */
  warnings: string[];
}

/** `historical.data.<resource>.created` → family `data`, phase `historical`, action `created`: the runtime's split. */
function nameParts(
  key: string,
  splitEventName: SplitEventName,
): Pick<CatalogueEntry, 'family' | 'phase' | 'resource' | 'action'> {
  const { family, phase, resource, action } = splitEventName(key.replace(PLACEHOLDER, '<resource>'));
  if (action === null) throw new Error(`webhook "${key}" is not a dotted event name`);
  return { family, phase, resource: resource === '<resource>' ? null : resource, action };
}

/** The replacement of a deprecated event: the extension, or else the first back-quoted event name in its description. */
function replacementOf(
  key: string,
  post: OperationObject,
  declared: unknown,
  keys: Set<string>,
  warnings: string[],
): string | null {
  if (typeof declared === 'string') {
    if (!keys.has(declared))
      throw new Error(`${REPLACED_BY_EXTENSION} of "${key}" names "${declared}", not a webhook`);
    return declared;
  }
  const description = typeof post.description === 'string' ? post.description : '';
  const quoted = /replaced by\s+`([^`]+)`/i.exec(description)?.[1];
  if (quoted && keys.has(quoted)) {
    warnings.push(
      `"${key}" is deprecated without ${REPLACED_BY_EXTENSION}; read "${quoted}" from its description`,
    );
    return quoted;
  }
  warnings.push(`"${key}" is deprecated and names no replacement (${REPLACED_BY_EXTENSION})`);
  return null;
}

export function readCatalogue(spec: OpenApiDocument, splitEventName: SplitEventName): Catalogue {
  const warnings: string[] = [];
  const webhooks = spec.webhooks ?? {};
  const keys = new Set(Object.keys(webhooks));
  if (keys.size === 0) throw new Error('the bundled spec has no `webhooks`');
  const resources = nonExhaustiveValues(followRef(spec, spec.components?.schemas?.SupportedResource));
  if (!resources) {
    throw new Error('the bundled spec has no non-exhaustive enum `components.schemas.SupportedResource`');
  }
  const posts = new Map<string, OperationObject>();
  for (const { kind, method, name, operation } of eachOperation(spec, { webhooks: true })) {
    if (kind === 'webhook' && method === 'post') posts.set(name, operation);
  }
  const entries: Record<string, CatalogueEntry> = {};
  for (const key of keys) {
    const post = posts.get(key);
    if (!post) throw new Error(`webhook "${key}" has no \`post\` operation carrying its payload`);
    const pathItem = followRef(spec, webhooks[key]) ?? {};
    // An extension may sit on the Path Item or on its `post`.
    const extension = (name: string): unknown => post[name] ?? pathItem[name];
    const match = PLACEHOLDER.exec(key);
    if ((extension(TEMPLATE_EXTENSION) === true) !== Boolean(match)) {
      throw new Error(
        `webhook "${key}": ${TEMPLATE_EXTENSION} and a <resource> placeholder must go together`,
      );
    }
    const deprecated = post.deprecated === true;
    entries[key] = {
      prefix: match ? key.slice(0, match.index) : null,
      suffix: match ? key.slice(match.index + match[0].length) : null,
      ...nameParts(key, splitEventName),
      deprecated,
      replacedBy: deprecated
        ? replacementOf(key, post, extension(REPLACED_BY_EXTENSION), keys, warnings)
        : null,
      inferredName: extension(INFERRED_NAME_EXTENSION) === true,
    };
  }
  return { resources, entries, warnings };
}
