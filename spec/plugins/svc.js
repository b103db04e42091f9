// Svc lint rules that configurable `rule/*` assertions cannot express.
// Loaded by ../redocly.yaml as plugin `svc`.

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

export default function svcPlugin() {
  return {
    id: 'svc',
    rules: {
      oas3: {
        'operation-api-key-header': OperationApiKeyHeader,
      },
    },
  };
}
