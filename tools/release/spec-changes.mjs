// Classified changes between two bundled OpenAPI 3.1 documents, for the release gate.
// api-smart-diff does the comparison and the breaking / non-breaking / unclassified classes (it knows
// request from response direction); this file only prepares both documents so that it sees our spec
// as we mean it, and adds the two rules a typed SDK needs on top (see `classify`).
import { eachOperation, followRef, HTTP_METHODS } from '@svc/spec';
import { apiCompare } from 'api-smart-diff';

/**
 * @typedef {'breaking' | 'non-breaking' | 'annotation' | 'deprecated' | 'unclassified'} ChangeType
 * @typedef {object} SpecChange
 * @property {ChangeType} type
 * @property {'operation' | 'webhook' | 'component'} area what the change sits in
 * @property {string} where `GET /v2/providers`, `webhook labtest.order.updated` or `components.schemas.Marker`
 * @property {string} name the operationId, the webhook name or the component name: what a package's code mentions
 * @property {string} description what changed, in words
 */

/** @type {readonly string[]} */
const METHODS = HTTP_METHODS;
/** Pseudo path prefix under which webhooks are compared: a webhook payload is data the partner receives. */
const WEBHOOK_PREFIX = '/webhooks/';
const KNOWN_VALUES = 'x-svc-known-values';

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The known values of a non-exhaustive enum in either of its written forms, else undefined. */
function openEnumValues(/** @type {Record<string, any>} */ schema) {
  // Form 1: `enum` beside the `x-svc-non-exhaustive` flag.
  if (Array.isArray(schema.enum) && schema['x-svc-non-exhaustive'] === true) return schema.enum;
  // Form 2: the known values in one `anyOf`/`oneOf` branch beside an open string branch.
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length !== 2 || !branches.every(isObject)) continue;
    const known = branches.find((branch) => Array.isArray(branch.enum));
    const open = branches.find(
      (branch) =>
        branch !== known &&
        branch.type === 'string' &&
        !['enum', 'const', 'pattern', 'format', '$ref'].some((keyword) => keyword in branch),
    );
    if (known && open) return known.enum;
  }
  return undefined;
}

/**
 * Rewrites every non-exhaustive enum, whichever form it is written in, to one form: an open string with
 * its known values as object keys. The library then sees an open string (so a new value is not a
 * narrowing), moving between the two forms is no change, and a known value added or removed shows up
 * as one keyed add or remove (an array would be compared by index).
 * @returns {any}
 */
function canonicalOpenEnums(/** @type {unknown} */ node) {
  if (Array.isArray(node)) return node.map(canonicalOpenEnums);
  if (!isObject(node)) return node;
  const values = openEnumValues(node);
  if (values) {
    const { enum: _enum, anyOf: _anyOf, oneOf: _oneOf, 'x-svc-non-exhaustive': _flag, ...rest } = node;
    return {
      ...rest,
      type: 'string',
      [KNOWN_VALUES]: Object.fromEntries(values.map((/** @type {unknown} */ value) => [String(value), true])),
    };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, canonicalOpenEnums(value)]));
}

/** A copy of a bundled document prepared for the comparison; the input is not changed. */
export function prepareSpec(/** @type {any} */ spec) {
  const doc = canonicalOpenEnums(structuredClone(spec));
  doc.paths ??= {};
  /** @type {Record<string, Record<string, any>>} */
  const webhookPaths = {};
  for (const { kind, method, name, operation } of eachOperation(doc, { webhooks: true })) {
    if (kind === 'operation') {
      // The library maps status keys case-insensitively but then reads them lower-cased, so `2XX`
      // responses would never be compared: compare them as `2xx`.
      if (isObject(operation.responses)) {
        operation.responses = Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [status.toLowerCase(), response]),
        );
      }
      continue;
    }
    // Webhooks are requests the service sends: their payload is read by the partner, like a response,
    // so compare each as an operation whose response is the payload (the library has no webhook rules).
    const body = followRef(doc, operation.requestBody);
    const { requestBody: _body, responses: _responses, ...rest } = operation;
    webhookPaths[`${WEBHOOK_PREFIX}${name}`] = {
      ...webhookPaths[`${WEBHOOK_PREFIX}${name}`],
      [method]: {
        ...rest,
        responses: { '2xx': { description: body?.description ?? name, content: body?.content ?? {} } },
      },
    };
  }
  Object.assign(doc.paths, webhookPaths);
  delete doc.webhooks;
  return doc;
}

/** Where a change sits, in the words a partner knows, and the name a package's code would mention. */
function locate(
  /** @type {Array<string | number>} */ path,
  /** @type {any} */ before,
  /** @type {any} */ after,
) {
  const [root, pathKey = '', method = ''] = path.map(String);
  if (root === 'paths' && pathKey.startsWith(WEBHOOK_PREFIX)) {
    const name = pathKey.slice(WEBHOOK_PREFIX.length);
    return { area: /** @type {const} */ ('webhook'), where: `webhook ${name}`, name };
  }
  if (root === 'paths') {
    const operation = after.paths?.[pathKey]?.[method] ?? before.paths?.[pathKey]?.[method];
    const verb = METHODS.includes(method) ? `${method.toUpperCase()} ` : '';
    return {
      area: /** @type {const} */ ('operation'),
      where: `${verb}${pathKey}`,
      name: String(operation?.operationId ?? pathKey),
    };
  }
  return {
    area: /** @type {const} */ ('component'),
    where: path.slice(0, 3).map(String).join('.'),
    name: String(path[2] ?? ''),
  };
}

/** @param {unknown} value */
const shown = (value) => (isObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value));

/**
 * The class of one library diff, with the rules a typed SDK adds on top of the wire rules:
 * - a known value added to a non-exhaustive enum is not breaking (partners already handle other values);
 * - an enum value or a field removed is breaking in either direction: code that names it stops compiling.
 * @returns {ChangeType}
 */
function classify(/** @type {import('api-smart-diff').Diff} */ diff) {
  const { path, action } = diff;
  if (path.at(-2) === KNOWN_VALUES) return action === 'add' ? 'non-breaking' : 'breaking';
  if (action === 'remove' && (path.at(-2) === 'enum' || path.at(-2) === 'properties')) return 'breaking';
  return /** @type {ChangeType} */ (diff.type);
}

/**
 * What changed inside a request body, response or webhook payload schema, in our words (the library's
 * wording varies with the route by which it reached a shared schema); undefined elsewhere.
 */
function describeSchemaChange(
  /** @type {import('api-smart-diff').Diff} */ diff,
  /** @type {'operation' | 'webhook' | 'component'} */ area,
) {
  const { path, action } = diff;
  const schemaAt = path.indexOf('schema');
  if (area === 'webhook' && path.length === 3) return `event ${action === 'add' ? 'added' : 'removed'}`;
  if (area === 'component' || schemaAt < 0) return undefined;
  const parameter = /\w+ parameter `[^`]+`/.exec(diff.description ?? '')?.[0];
  if (path[3] === 'parameters' && !parameter) return undefined;
  const place =
    area === 'webhook'
      ? 'the event payload'
      : path[3] === 'responses'
        ? `response ${String(path[4])}`
        : path[3] === 'parameters'
          ? `the ${parameter}`
          : 'the request body';
  /** @type {string[]} */
  const field = [];
  for (let i = schemaAt + 1; i < path.length - 2; i++) {
    if (path[i] === 'properties') field.push(String(path[++i]));
    else if (path[i] === 'items') field.push('[]');
  }
  const name = field.join('.').replaceAll('.[]', '[]');
  const of = name ? ` of \`${name}\`` : '';
  const parent = path.at(-2);
  const key = String(path.at(-1));
  const value = action === 'add' ? diff.after : diff.before;
  const done = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action];
  const prefix = name ? `${name}.` : '';
  let what = `\`${key}\`${of} ${done}`;
  if (parent === 'properties') what = `field \`${prefix}${key}\` ${done}`;
  else if (parent === 'required')
    what = `field \`${prefix}${shown(value)}\` ${action === 'add' ? 'made required' : 'made optional'}`;
  else if (parent === 'enum') what = `enum value \`${shown(value)}\`${of} ${done}`;
  else if (parent === KNOWN_VALUES) what = `known value \`${key}\`${of} ${done}`;
  else if (action === 'replace')
    what = `\`${key}\`${of} changed from ${shown(diff.before)} to ${shown(diff.after)}`;
  return `${what} in ${place}`;
}

/**
 * Classified changes from `before` to `after` (both bundled documents), one per place and description.
 * Changes inside components are reported where an operation or webhook reaches them (there the
 * library knows the direction); a whole component removed is reported on its own, since the types
 * export every component by name.
 * @returns {SpecChange[]}
 */
export function specChanges(/** @type {unknown} */ beforeSpec, /** @type {unknown} */ afterSpec) {
  const before = prepareSpec(beforeSpec);
  const after = prepareSpec(afterSpec);
  const { diffs } = apiCompare(before, after);
  /** @type {Map<string, SpecChange>} */
  const changes = new Map();
  for (const diff of diffs) {
    const { path } = diff;
    if (path[0] === 'components' && !(path.length === 3 && diff.action === 'remove')) continue;
    const { area, where, name } = locate(path, before, after);
    const type = classify(diff);
    const description =
      area === 'component'
        ? `${String(path[1])} \`${name}\` removed`
        : (describeSchemaChange(diff, area) ?? diff.description ?? `${diff.action} at ${path.join('.')}`);
    const key = `${type}\u0000${where}\u0000${description}`;
    if (!changes.has(key)) changes.set(key, { type, area, where, name, description });
  }
  return [...changes.values()];
}
