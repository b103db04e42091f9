// Generates packages/types/src/generated/openapi.ts from the bundled spec with openapi-typescript's Node API:
// types-spec.ts reads what the types show differently, schema-transform.ts renders it, this file writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadSpec } from '@svc/spec';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { nameSchemas } from './named-schemas.ts';
import { schemaTransform } from './schema-transform.ts';
import { generatedHeader, repoRoot } from './spec-paths.ts';
import { readTypesSpec } from './types-spec.ts';

const outFile = resolve(repoRoot, 'packages/types/src/generated/openapi.ts');

// The bundle is an OpenAPI 3.1 document: `pnpm lint:spec` holds it to the specification.
const ast = await openapiTS(readTypesSpec(loadSpec()) as unknown as OpenAPI3, {
  transform: schemaTransform,
  alphabetize: false,
  exportType: false,
  defaultNonNullable: true,
});
await mkdir(dirname(outFile), { recursive: true });
await writeFile(outFile, `${generatedHeader('generate-types.ts')}\n${astToString(nameSchemas(ast))}`);
process.stdout.write(`wrote ${outFile.slice(repoRoot.length + 1)}\n`);
