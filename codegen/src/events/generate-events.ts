// Generates the events package's src/generated/catalogue.ts (the webhook event catalogue) from the bundled spec:
// events-catalogue.ts reads it, this file only renders and writes. The events package runs it with its
// own `splitEventName` (packages/events/scripts/generate.ts): the generator needs the runtime's split
// before that package is built, so the package hands it in rather than the generator reaching into it.
import { loadSpec } from '@svc/spec';
import { generatedHeader, writeGenerated } from '../generated-file.js';
import {
  type Catalogue,
  type CatalogueEntry,
  readCatalogue,
  type SplitEventName,
} from './events-catalogue.js';

const str = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/** One row of the table: every field of the runtime's `CatalogueEntry`, in the order the reader sets them. */
function renderEntry([key, entry]: [string, CatalogueEntry]): string {
  const fields = Object.entries(entry).map(
    ([name, value]) => `${name}: ${typeof value === 'boolean' ? String(value) : str(value)}`,
  );
  return `  ${str(key)}: { ${fields.join(', ')} },\n`;
}

function renderCatalogue({ resources, entries }: Catalogue): string {
  return [
    generatedHeader('events/generate-events.ts'),
    "import type { webhooks } from '@svc/types';\n" +
      "import type { CatalogueEntry } from '../internal/catalogue-entry.js';\n",
    "/**\n * Values of the spec's `SupportedResource` enum: the resources that fill `<resource>` in templated event\n" +
      ' * names. Non-exhaustive: an event of a resource added later parses as `unknown`, with its `template` set.\n */\n' +
      `export const supportedResources = [\n${resources.map((resource) => `  ${str(resource)},\n`).join('')}] as const;\n`,
    "/**\n * Every event of the spec's `webhooks` map, keyed as the spec keys it. Templates (`prefix`/`suffix` set)\n" +
      ' * stand for one event per supported resource; a concrete entry wins over a template expansion.\n */\n' +
      `export const eventCatalogue = {\n${Object.entries(entries).map(renderEntry).join('')}} as const satisfies { readonly [Key in keyof webhooks]: CatalogueEntry };\n`,
  ].join('\n');
}

/**
 * Reads the bundled spec's webhooks with the runtime's name split and writes the events package's table
 * into `packageDir`/src/generated; says what it wrote.
 */
export async function generateEvents(splitEventName: SplitEventName, packageDir: string): Promise<string> {
  const catalogue = readCatalogue(loadSpec(), splitEventName);
  for (const warning of catalogue.warnings) process.stderr.write(`generate-events: warning: ${warning}\n`);
  await writeGenerated(packageDir, { 'catalogue.ts': renderCatalogue(catalogue) });
  return `wrote src/generated/catalogue.ts (${Object.keys(catalogue.entries).length} webhooks)`;
}
