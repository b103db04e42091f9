import type { webhooks } from '@svc/types';
import type { eventCatalogue, supportedResources } from './generated/catalogue.js';

type Catalogue = typeof eventCatalogue;

/** Payload type of each catalogue entry, keyed like {@link eventCatalogue}: the JSON body the spec gives its webhook. */
export type EventPayloads = {
  [Key in keyof webhooks]: NonNullable<webhooks[Key]['post']['requestBody']>['content']['application/json'];
};

/** A key of the spec's `webhooks` map: a concrete event name, or a template such as `daily.data.<resource>.created`. */
export type CatalogueKey = keyof Catalogue;

/** A resource that fills `<resource>` in templated event names (the spec's `SupportedResource` enum). */
export type SupportedResource = (typeof supportedResources)[number];

/** Catalogue keys that are templates, expanded once per {@link SupportedResource}. */
export type TemplateKey = {
  [Key in CatalogueKey]: Catalogue[Key]['prefix'] extends string ? Key : never;
}[CatalogueKey];
type ConcreteKey = Exclude<CatalogueKey, TemplateKey>;

type Expanded<
  Key extends TemplateKey,
  Resource extends string,
> = `${Catalogue[Key]['prefix'] & string}${Resource}${Catalogue[Key]['suffix'] & string}`;

type TemplateOf<Name extends string> = {
  [Key in TemplateKey]: Name extends Expanded<Key, SupportedResource> ? Key : never;
}[TemplateKey];

/** One event of the catalogue; `Key` is the spec entry it comes from, which gives its payload type. */
export interface CatalogueEvent<Name extends string, Key extends CatalogueKey, Resource> {
  /** The event name: the discriminant to `switch` on. */
  readonly type: Name;
  /** The event name as received; equal to `type` for catalogue events. */
  readonly name: Name;
  /** `data` or `timeseries` for phased events; otherwise the name without its action (`provider.connection`). */
  readonly family: Catalogue[Key]['family'];
  /** `historical` (back-fill after a connection) or `daily`; `null` for events without a phase. */
  readonly phase: Catalogue[Key]['phase'];
  /** The resource of a data or timeseries event (`sleep`, `steps`, …); `null` otherwise. */
  readonly resource: Resource;
  /** The last name segment: `created`, `updated`. */
  readonly action: Catalogue[Key]['action'];
  /** The template this name is an instance of, if any. */
  readonly template: [TemplateOf<Name>] extends [never] ? null : TemplateOf<Name>;
  /** True for events the service retires; stop processing them and handle `replacedBy` instead. */
  readonly deprecated: Catalogue[Key]['deprecated'];
  /** The event that replaces a deprecated one. */
  readonly replacedBy: Catalogue[Key]['replacedBy'];
  /** True when the name is provisional: the service may send this event under another name (then it arrives as `unknown`). */
  readonly inferredName: Catalogue[Key]['inferredName'];
  /** The parsed body, typed by the spec. Its envelope is open: fields the spec does not show are `unknown`. */
  readonly payload: EventPayloads[Key];
}

type TemplateEvents = {
  [Key in TemplateKey]: {
    [Resource in SupportedResource]: Expanded<Key, Resource> extends ConcreteKey
      ? never
      : CatalogueEvent<Expanded<Key, Resource>, Key, Resource>;
  }[SupportedResource];
}[TemplateKey];

type ConcreteEvents = {
  [Key in ConcreteKey]: CatalogueEvent<Key, Key, Catalogue[Key]['resource']>;
}[ConcreteKey];

/** Any event of the catalogue, discriminated by `type` (its name). */
export type KnownWebhookEvent = TemplateEvents | ConcreteEvents;

/** Every event name of the catalogue, templates expanded: `'daily.data.sleep.created' | …`. */
export type WebhookEventName = KnownWebhookEvent['type'];

/**
 * An event whose name is not in the catalogue: one the service added after this package was built, or a
 * template instance for a resource added later (then `template` is set). Log it and answer 2xx.
 */
export interface UnknownWebhookEvent {
  readonly type: 'unknown';
  readonly name: string;
  readonly family: string;
  readonly phase: string | null;
  readonly resource: string | null;
  readonly action: string | null;
  readonly template: TemplateKey | null;
  readonly deprecated: false;
  readonly replacedBy: null;
  readonly inferredName: false;
  readonly payload: { readonly [field: string]: unknown };
}

/** What `parseEvent` and `unwrap` return: a catalogue event, or the explicit `unknown` branch. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** The event of one name: `WebhookEventOf<'provider.connection.created'>`, or `'unknown'`. */
export type WebhookEventOf<Type extends WebhookEvent['type']> = Extract<WebhookEvent, { type: Type }>;

/** The payload type of an event name: `PayloadOf<'daily.data.sleep.created'>`. */
export type PayloadOf<Name extends WebhookEventName> = WebhookEventOf<Name>['payload'];
