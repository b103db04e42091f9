// `pnpm generate` (this package's): writes src/generated/control-document.ts from control-openapi.yaml,
// so the sandbox reads its control routes from the document with no YAML parser at run time, and the
// repository's generated-freshness check (`pnpm check:generated`) fails when the YAML changed alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { CONTROL_DOCUMENT_PATH, controlDocumentFile } from './control-document-file.js';

const yaml = readFileSync(new URL('../control-openapi.yaml', import.meta.url), 'utf8');
writeFileSync(new URL(`../${CONTROL_DOCUMENT_PATH}`, import.meta.url), controlDocumentFile(yaml));
process.stdout.write(`wrote ${CONTROL_DOCUMENT_PATH}\n`);
