// Generates packages/types/src/generated/openapi.ts from the bundled spec with openapi-typescript's Node API.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { API_KEY_HEADER } from '../../packages/client/src/headers.ts';
import { schemaTransform } from './schema-transform.ts';
import { bundledSpecPath, generatedHeader, repoRoot } from './spec-paths.ts';

const outFile = resolve(repoRoot, 'packages/types/src/generated/openapi.ts');

type Parameter = { in?: string; name?: string; required?: boolean; description?: string };

/**
 * The client's auth layer sends `x-svc-api-key` on every request, so the typed path client must not
 * ask callers for it: the header stays in the types but is optional there. Everything else is as specified.
 */
function relaxApiKeyHeader(spec: { components?: { parameters?: Record<string, Parameter> } }): void {
  for (const parameter of Object.values(spec.components?.parameters ?? {})) {
    if (parameter.in === 'header' && parameter.name?.toLowerCase() === API_KEY_HEADER) {
      parameter.required = false;
      parameter.description = `${parameter.description ?? ''}\n\nRequired by the service; the client's auth layer sends it, so it is optional in these types.`;
    }
  }
}

const spec = JSON.parse(await readFile(bundledSpecPath, 'utf8'));
relaxApiKeyHeader(spec);
const ast = await openapiTS(spec, {
  transform: schemaTransform,
  alphabetize: false,
  exportType: false,
  defaultNonNullable: true,
});
await mkdir(dirname(outFile), { recursive: true });
await writeFile(outFile, `${generatedHeader('generate-types.ts')}\n${astToString(ast)}`);
process.stdout.write(`wrote ${outFile.slice(repoRoot.length + 1)}\n`);
