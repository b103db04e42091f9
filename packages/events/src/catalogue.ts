import type { CatalogueKey, TemplateKey, WebhookEventName } from './event-types.js';
import { eventCatalogue, supportedResources } from './generated/catalogue.js';

export { eventCatalogue, supportedResources } from './generated/catalogue.js';

type Entry = (typeof eventCatalogue)[CatalogueKey];

/** What the catalogue knows about one event name. */
export interface EventDescriptor {
  readonly name: WebhookEventName;
  /** The spec entry the event comes from (its payload type). */
  readonly key: CatalogueKey;
  readonly family: string;
  readonly phase: string | null;
  readonly resource: string | null;
  readonly action: string;
  readonly template: TemplateKey | null;
  readonly deprecated: boolean;
  readonly replacedBy: WebhookEventName | null;
  readonly inferredName: boolean;
}

const entries = Object.entries(eventCatalogue) as [CatalogueKey, Entry][];
const templates = entries.filter(
  (pair): pair is [TemplateKey, Entry & { prefix: string; suffix: string }] => {
    return pair[1].prefix !== null;
  },
);

/** The template whose pattern `name` fills with one resource (no dot), listed or not. */
export function templateOf(name: string): { key: TemplateKey; resource: string } | undefined {
  for (const [key, { prefix, suffix }] of templates) {
    if (name.length <= prefix.length + suffix.length || !name.startsWith(prefix) || !name.endsWith(suffix))
      continue;
    const resource = name.slice(prefix.length, name.length - suffix.length);
    if (!resource.includes('.')) return { key, resource };
  }
  return undefined;
}

function buildIndex(): Map<string, EventDescriptor> {
  const index = new Map<string, EventDescriptor>();
  const listed = new Set<string>(supportedResources);
  const listedTemplateOf = (name: string): TemplateKey | null => {
    const match = templateOf(name);
    return match && listed.has(match.resource) ? match.key : null;
  };
  const describe = (
    name: string,
    key: CatalogueKey,
    entry: Entry,
    resource: string | null,
  ): EventDescriptor => ({
    name: name as WebhookEventName,
    key,
    family: entry.family,
    phase: entry.phase,
    resource,
    action: entry.action,
    template: listedTemplateOf(name),
    deprecated: entry.deprecated,
    replacedBy: entry.replacedBy as WebhookEventName | null,
    inferredName: entry.inferredName,
  });
  for (const [key, entry] of entries) {
    if (entry.prefix === null) index.set(key, describe(key, key, entry, entry.resource));
  }
  for (const [key, entry] of templates) {
    for (const resource of supportedResources) {
      const name = `${entry.prefix}${resource}${entry.suffix}`;
      // A concrete entry (e.g. `daily.data.sleep_cycle.created`) is more specific than the template.
      if (!index.has(name)) index.set(name, describe(name, key, entry, resource));
    }
  }
  return index;
}

let index: Map<string, EventDescriptor> | undefined;

/** The catalogue's description of an event name, or `undefined` when the name is not in the catalogue. */
export function describeEvent(name: string): EventDescriptor | undefined {
  index ??= buildIndex();
  return index.get(name);
}

/** Every event name of the catalogue, templates expanded over the supported resources. */
export function listEventNames(): WebhookEventName[] {
  index ??= buildIndex();
  return [...index.keys()] as WebhookEventName[];
}
