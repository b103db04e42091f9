// Svc lint rules that configurable `rule/*` assertions cannot express.
// Loaded by ../redocly.yaml as plugin `svc`.
import {
  looksLikeUnmarkedOpenEnum,
  NON_EXHAUSTIVE,
  nonExhaustiveFormProblem,
} from './non-exhaustive-form.js';

const API_KEY_HEADER = 'x-svc-api-key';
const SHARED_REF = 'components/parameters/apiKey.yaml';

// Every operation under `paths` (not webhooks: those are requests the service sends) must list
// the shared required `x-svc-api-key` header parameter by $ref (section 5.1).
function OperationApiKeyHeader() {
  return {
    Paths: {
      PathItem: {
        Operation(operation, { report, location, resolve }) {
          const params = operation.parameters ?? [];
          const found = params.find((param) => {
            const { node } = resolve(param);
            return node?.in === 'header' && node?.name?.toLowerCase() === API_KEY_HEADER;
          });
          if (!found) {
            report({
              message: `Operation must list the shared \`${API_KEY_HEADER}\` header parameter ($ref: ${SHARED_REF}).`,
              location: location.key(),
            });
            return;
          }
          const { node } = resolve(found);
          if (typeof found.$ref !== 'string' || !found.$ref.endsWith(SHARED_REF)) {
            report({
              message: `Reference the shared \`${API_KEY_HEADER}\` parameter ($ref: ${SHARED_REF}) instead of declaring it inline.`,
              location: location.child(['parameters', params.indexOf(found)]),
            });
          } else if (node.required !== true) {
            report({
              message: `The \`${API_KEY_HEADER}\` header must be required.`,
              location: location.child(['parameters', params.indexOf(found)]),
            });
          }
        },
      },
    },
  };
}

// Every non-exhaustive enum is written in the one form every validator reads as open (spec/README.md),
// and nothing written in that form goes without the marker the generators read.
function NonExhaustiveEnumForm() {
  return {
    Schema(schema, { report, location }) {
      if (schema[NON_EXHAUSTIVE] !== undefined) {
        const problem = nonExhaustiveFormProblem(schema);
        if (problem) report({ message: `Non-exhaustive enum: ${problem}.`, location: location.key() });
      } else if (looksLikeUnmarkedOpenEnum(schema)) {
        report({
          message: `An enum beside an open string is a non-exhaustive enum: mark it \`${NON_EXHAUSTIVE}: true\` in the one form.`,
          location: location.key(),
        });
      }
    },
  };
}

export default function svcPlugin() {
  return {
    id: 'svc',
    rules: {
      oas3: {
        'operation-api-key-header': OperationApiKeyHeader,
        'non-exhaustive-enum-form': NonExhaustiveEnumForm,
      },
    },
  };
}
