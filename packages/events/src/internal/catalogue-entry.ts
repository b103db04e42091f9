/**
 * One entry of the generated `eventCatalogue`: what the spec says about one key of its `webhooks` map.
 * The generated table (written by @svc/codegen's catalogue generator) satisfies this type, so the table and
 * the code that reads it cannot disagree on a field.
 */
export interface CatalogueEntry {
  /** For a template, the event name before its `<resource>` placeholder; `null` for a concrete name. */
  readonly prefix: string | null;
  /** For a template, the event name after its `<resource>` placeholder; `null` for a concrete name. */
  readonly suffix: string | null;
  /** `data` or `timeseries` for phased events; otherwise the name without its action (`provider.connection`). */
  readonly family: string;
  /** `historical` or `daily`; `null` for events without a phase. */
  readonly phase: string | null;
  /** The resource a concrete phased name carries (`sleep_cycle`); `null` for templates and other events. */
  readonly resource: string | null;
  /** The last name segment: `created`, `updated`. */
  readonly action: string;
  readonly deprecated: boolean;
  /** The event that replaces a deprecated one (`x-svc-replaced-by`). */
  readonly replacedBy: string | null;
  /** True when the name is provisional (`x-svc-inferred-name`): the service may send the event under another name. */
  readonly inferredName: boolean;
}
