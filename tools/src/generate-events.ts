// Generates packages/events/src/generated/catalogue.ts (the webhook event catalogue) from the bundled spec.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Catalogue, type CatalogueEntry, readCatalogue } from './events-catalogue.ts';
import { bundledSpecPath, generatedHeader, repoRoot } from './spec-paths.ts';

const outFile = resolve(repoRoot, 'packages/events/src/generated/catalogue.ts');

const str = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));
const comment = (text: string): string => text.replace(/\*\//g, '*\\/');

function renderEntry(entry: CatalogueEntry): string {
  const fields: [string, string][] = [
    ['prefix', str(entry.prefix)],
    ['suffix', str(entry.suffix)],
    ['family', str(entry.family)],
    ['phase', str(entry.phase)],
    ['resource', str(entry.resource)],
    ['action', str(entry.action)],
    ['deprecated', String(entry.deprecated)],
    ['replacedBy', str(entry.replacedBy)],
    ['inferredName', String(entry.inferredName)],
  ];
  return `  ${str(entry.key)}: {\n${fields.map(([name, value]) => `    ${name}: ${value},\n`).join('')}  },\n`;
}

function renderPayloadType(entry: CatalogueEntry): string {
  const docs = [`Payload of \`${entry.key}\`${entry.summary ? `: ${comment(entry.summary)}` : ''}.`];
  if (entry.inferredName)
    docs.push(
      'The event name is provisional: the service may send this event under another name (then it arrives as an unknown event).',
    );
  if (entry.deprecated) {
    docs.push(
      `@deprecated ${entry.replacedBy ? `Replaced by \`${entry.replacedBy}\`.` : 'Stop processing it.'}`,
    );
  }
  return `/**\n${docs.map((line) => ` * ${line}\n`).join('')} */\nexport type ${entry.payloadType} = Body<${str(entry.key)}>;\n`;
}

function renderCatalogue({ resources, entries }: Catalogue): string {
  return [
    generatedHeader('generate-events.ts'),
    "import type { webhooks } from '@svc/types';\n",
    "type Body<Key extends keyof webhooks> = NonNullable<webhooks[Key]['post']['requestBody']>['content']['application/json'];\n",
    "/**\n * Values of the spec's `SupportedResource` enum: the resources that fill `<resource>` in templated event\n" +
      ' * names. Non-exhaustive: an event of a resource added later parses as `unknown`, with its `template` set.\n */\n' +
      `export const supportedResources = [\n${resources.map((resource) => `  ${str(resource)},\n`).join('')}] as const;\n`,
    "/**\n * Every event of the spec's `webhooks` map, keyed as the spec keys it. Templates (`prefix`/`suffix` set)\n" +
      ' * stand for one event per supported resource; a concrete entry wins over a template expansion.\n */\n' +
      `export const eventCatalogue = {\n${entries.map(renderEntry).join('')}} as const satisfies { readonly [Key in keyof webhooks]: unknown };\n`,
    ...entries.map(renderPayloadType),
    '/** Payload type of each catalogue entry, keyed like {@link eventCatalogue}. */\n' +
      `export interface EventPayloads {\n${entries.map((entry) => `  ${str(entry.key)}: ${entry.payloadType};\n`).join('')}}\n`,
  ].join('\n');
}

const catalogue = readCatalogue(JSON.parse(await readFile(bundledSpecPath, 'utf8')));
for (const warning of catalogue.warnings) process.stderr.write(`generate-events: warning: ${warning}\n`);
await mkdir(dirname(outFile), { recursive: true });
await writeFile(outFile, renderCatalogue(catalogue));
process.stdout.write(`wrote ${outFile.slice(repoRoot.length + 1)} (${catalogue.entries.length} webhooks)\n`);
