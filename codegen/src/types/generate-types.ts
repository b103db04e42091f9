// Generates the types package's src/generated/openapi.ts from the bundled spec with openapi-typescript's
// Node API, and sandbox-values.ts from `x-svc-sandbox-values` (`svc-codegen types`, run in packages/types):
// types-spec.ts reads, schema-transform.ts renders the schemas, optional-undefined.ts lets optional
// inputs take `undefined`, this file renders the sandbox values and writes both.
import { loadSpec } from '@svc/spec';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { generatedHeader, writeGenerated } from '../generated-file.js';
import { nameSchemas } from './named-schemas.js';
import { acceptUndefined } from './optional-undefined.js';
import { schemaTransform } from './schema-transform.js';
import { readTypesSpec, sandboxValuesOf } from './types-spec.js';

/** One member per schema: its sandbox values as a union of string literals. */
function renderSandboxValues(values: Record<string, string[]>): string {
  const members = Object.entries(values).map(
    ([name, list]) => `  ${name}: ${list.map((value) => JSON.stringify(value)).join(' | ')};\n`,
  );
  return [
    generatedHeader('types/generate-types.ts'),
    '/**\n' +
      ' * Values the Svc sandbox (`@svc/sandbox`) sends for an open enum, by schema name, beyond the values\n' +
      ' * `Schema<…>` lists: sandbox conventions, not promises of the service. The service may send other values,\n' +
      ' * so code reading them keeps a default path; the lab-testing helpers classify every one of these.\n' +
      ' */\n' +
      `export interface SandboxValues {\n${members.join('')}}\n`,
  ].join('\n');
}

/** Writes the types package's generated files into `packageDir`/src/generated; says what it wrote. */
export async function generateTypes(packageDir: string): Promise<string> {
  // The bundle is an OpenAPI 3.1 document: `pnpm lint:spec` holds it to the specification.
  const spec = loadSpec();
  const ast = await openapiTS(readTypesSpec(spec) as unknown as OpenAPI3, {
    transform: schemaTransform,
    alphabetize: false,
    exportType: false,
    defaultNonNullable: true,
  });
  await writeGenerated(packageDir, {
    'openapi.ts': `${generatedHeader('types/generate-types.ts')}\n${astToString(acceptUndefined(nameSchemas(ast)))}`,
    'sandbox-values.ts': renderSandboxValues(sandboxValuesOf(spec)),
  });
  return 'wrote src/generated/openapi.ts and sandbox-values.ts';
}
