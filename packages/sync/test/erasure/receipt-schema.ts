// The receipt's JSON Schema as the package ships it, compiled with ajv (2020-12, with formats).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/erasure-receipt.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv2020({ strict: true, allErrors: true });
// ajv-formats is CommonJS: its function is the default export under some loaders, `.default` under others.
((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats)(ajv as never);

/** Validates a receipt against the shipped schema: the errors, or an empty list. */
export const receiptErrors = (() => {
  const validate = ajv.compile(schema);
  return (receipt: unknown) => (validate(receipt) ? [] : (validate.errors ?? []));
})();
