// The docs build's copy of the bundled spec: what partners read differs from what the mock and the
// generators read only in presentation. spec/ is never changed.
import {
  eachOperation,
  followRef,
  headerParameterName,
  type OpenApiDocument,
  type ParameterObject,
  type Referable,
} from '@svc/spec';
import { APPENDIX_TAG, appendixMarkdown } from './appendix.js';
import type { ResolvedOperation } from './spec-model.js';

const SCHEME = 'apiKey';

export interface ReferenceInputs {
  /** Base URLs the client knows, by environment and region (`ENVIRONMENTS` of `@svc/client`). */
  environments: Record<string, Record<string, string>>;
  /** Per operationId, the TypeScript and curl samples. */
  samples: Map<string, { typescript: string; curl: string }>;
  /** Source of the webhook verification sample. */
  webhookSample: string;
  operations: ResolvedOperation[];
  /** The lab lifecycles drawn from the sandbox's machines (`@svc/sandbox/lifecycle-diagrams`), SVG by lifecycle. */
  lifecycles: Record<string, { svg: string }>;
}

/** The trait tag that shows the lab lifecycles. */
export const LIFECYCLES_TAG = 'Lab lifecycles';

/** The lifecycles a partner's order, appointment and lab report go through, as the sandbox runs them. */
const LIFECYCLES_SECTION = (lifecycles: ReferenceInputs['lifecycles']) =>
  [
    'How an order, an appointment and a lab report parsing job move from state to state, drawn from the',
    'state machines the local sandbox (`svc-sandbox`) runs them with. An arrow is an event: an API call, or',
    'time passing (the service works on its own clock). Hover a state or an arrow for its wire values and',
    'what makes it happen. The service may send statuses not shown here: handle an unknown one by a default path.',
    ...Object.entries(lifecycles).flatMap(([name, { svg }]) => ['', `### ${name}`, '', svg]),
  ].join('\n');

const isHeader = (spec: OpenApiDocument, parameter: Referable<ParameterObject>, name: string): boolean => {
  const object = followRef(spec, parameter);
  return object?.in === 'header' && String(object.name).toLowerCase() === name.toLowerCase();
};

const API_KEY_SECTION = (header: string) => `# Sending your API key

Every request carries your team's API key in the \`${header}\` header; each operation lists it
under its security requirements (\`apiKey\`). With \`@svc/client\`, pass it once:
\`createClient({ apiKey })\`, and the client sends it on every call and keeps it out of errors and logs.
With curl: \`-H "${header}: $SVC_API_KEY"\`. Keep the key on your servers: it reads health data.
The local mock (\`svc-mock\`) accepts any key.`;

const WEBHOOKS_SECTION = (sample: string) => `

## Verifying deliveries

Each delivery is signed the [Standard Webhooks](https://www.standardwebhooks.com/) way: the headers
\`webhook-id\`, \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\` (\`v1,<base64>\`, an
HMAC-SHA256 with your endpoint secret over \`<webhook-id>.<webhook-timestamp>.<raw body>\`; several
space-separated signatures during a secret rotation). Verify the **raw body** before trusting it, and
reject timestamps more than five minutes away. \`@svc/events\` does all of it (WebCrypto, so it runs on
Node, Deno, Bun and edge runtimes) and parses the event into a typed union:

\`\`\`ts
${sample
  .replace(/^\/\/ Shown in the reference.*\n/, '')
  .replace(/^\s*\/\/ biome-ignore.*\n/gm, '')
  .trimEnd()}
\`\`\`

In Node's \`http\` or Express, pass the raw bytes to \`unwrap(rawBody, headers, { secret })\`; see the
\`@svc/events\` README for key rotation and the error codes.`;

/** The bundled spec, ready for Redoc: samples, servers, authentication, webhook verification, appendix. */
export function referenceSpec(bundled: OpenApiDocument, inputs: ReferenceInputs): OpenApiDocument {
  const spec = structuredClone(bundled);
  const appendix = appendixMarkdown(bundled);
  // The spec states the key as its shared `apiKey` header parameter; the reference shows it as a scheme.
  const apiKeyHeader = headerParameterName(bundled, 'apiKey');
  const isApiKeyHeader = (parameter: Referable<ParameterObject>) => isHeader(spec, parameter, apiKeyHeader);

  spec.servers = [
    ...Object.entries(inputs.environments).flatMap(([environment, regions]) =>
      Object.entries(regions).map(([region, url]) => ({
        url,
        description: `${environment}, ${region.toUpperCase()} (createClient({ environment: '${environment}', region: '${region}' }))`,
      })),
    ),
    {
      url: 'http://127.0.0.1:4011',
      description:
        'Local sandbox: `npx svc-sandbox` from @svc/sandbox, stateful (users, orders, a clock), any key accepted',
    },
    {
      url: 'http://127.0.0.1:4010',
      description: 'Local mock: `npx svc-mock` from @svc/mock, any key accepted',
    },
  ];

  const components = spec.components ?? {};
  components.securitySchemes = {
    ...components.securitySchemes,
    [SCHEME]: {
      type: 'apiKey',
      in: 'header',
      name: apiKeyHeader,
      description: `Your team's API key in the \`${apiKeyHeader}\` header on every request. \`@svc/client\` sends it for you: \`createClient({ apiKey })\`. Keep it on your servers.`,
    },
  };
  spec.components = components;
  spec.security = [{ [SCHEME]: [] }];

  for (const operation of inputs.operations) {
    const target = spec.paths?.[operation.path]?.[operation.method];
    if (!target) throw new Error(`no ${operation.method} ${operation.path} in the bundled spec`);
    // The key is shown once, as the operation's authorization, not again as a header parameter.
    if (Array.isArray(target.parameters))
      target.parameters = target.parameters.filter((p) => !isApiKeyHeader(p));
    const samples = inputs.samples.get(operation.operationId);
    if (!samples) throw new Error(`no code samples for ${operation.operationId}`);
    target['x-codeSamples'] = [
      { lang: 'TypeScript', label: 'TypeScript (@svc/client)', source: samples.typescript },
      { lang: 'Shell', label: 'curl', source: samples.curl },
    ];
  }
  for (const { kind, operation } of eachOperation(spec, { webhooks: true })) {
    if (kind === 'webhook' && Array.isArray(operation.parameters))
      operation.parameters = operation.parameters.filter((p) => !isApiKeyHeader(p));
  }

  const info = spec.info;
  if (!info) throw new Error('the bundled spec has no `info`');
  info.description = `${info.description ?? ''}\n\n${API_KEY_SECTION(apiKeyHeader)}`;

  const tags = Array.isArray(spec.tags) ? spec.tags : [];
  const events = tags.find((tag) => tag.name === 'Events');
  if (events) events.description = `${events.description ?? ''}${WEBHOOKS_SECTION(inputs.webhookSample)}`;
  tags.push({ name: LIFECYCLES_TAG, description: LIFECYCLES_SECTION(inputs.lifecycles), 'x-traitTag': true });
  tags.push({ name: APPENDIX_TAG, description: appendix, 'x-traitTag': true });
  spec.tags = tags;
  return spec;
}
