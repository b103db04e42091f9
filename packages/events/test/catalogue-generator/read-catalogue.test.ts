// The catalogue generator's reader (@svc/codegen), run with this package's own name split as
// scripts/generate.ts runs it: the table it reads is the one src/generated/catalogue.ts holds.
import { readCatalogue as readWith } from '@svc/codegen/events';
import type { OpenApiDocument, PathItemObject, Referable, SchemaObject } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { splitEventName } from '../../src/event-name.js';

const readCatalogue = (spec: Parameters<typeof readWith>[0]) => readWith(spec, splitEventName);

const supportedResource: SchemaObject = {
  type: 'string',
  'x-svc-non-exhaustive': true,
  anyOf: [{ type: 'string', enum: ['sleep', 'steps'] }, { type: 'string' }],
};

/** The smallest spec with these webhooks (each a Path Item) and a `SupportedResource` enum. */
const specWith = (webhooks: Record<string, Referable<PathItemObject>>): OpenApiDocument => ({
  openapi: '3.1.0',
  webhooks,
  components: { schemas: { SupportedResource: supportedResource } },
});

const concrete = {
  prefix: null,
  suffix: null,
  phase: null,
  resource: null,
  deprecated: false,
  replacedBy: null,
  inferredName: false,
};

describe('readCatalogue reads the webhooks map', () => {
  it('splits templates and concrete names into the runtime catalogue, in spec order', () => {
    const { resources, entries, warnings } = readCatalogue(
      specWith({
        'daily.data.<resource>.updated': { 'x-svc-event-template': true, post: {} },
        'historical.data.sleep.created': { post: {} },
        'provider.connection.created': { post: {} },
      }),
    );
    expect(warnings).toEqual([]);
    expect(resources).toEqual(['sleep', 'steps']);
    expect(Object.entries(entries)).toEqual([
      [
        'daily.data.<resource>.updated',
        {
          ...concrete,
          prefix: 'daily.data.',
          suffix: '.updated',
          family: 'data',
          phase: 'daily',
          action: 'updated',
        },
      ],
      [
        'historical.data.sleep.created',
        { ...concrete, family: 'data', phase: 'historical', resource: 'sleep', action: 'created' },
      ],
      ['provider.connection.created', { ...concrete, family: 'provider.connection', action: 'created' }],
    ]);
  });

  it('follows $refs to webhooks and reads the template and inferred-name marks from the Path Item or its post', () => {
    const { entries } = readCatalogue({
      ...specWith({
        'labtest.order.updated': { $ref: '#/components/pathItems/orderUpdated' },
        'labtest.order.created': { post: { 'x-svc-inferred-name': true } },
        'daily.data.{resource}.created': { post: { 'x-svc-event-template': true } },
      }),
      components: {
        schemas: { SupportedResource: supportedResource },
        pathItems: { orderUpdated: { 'x-svc-inferred-name': true, post: {} } },
      },
    });
    const read = Object.entries(entries).map(([key, { prefix, suffix, resource, inferredName }]) => [
      key,
      { prefix, suffix, resource, inferredName },
    ]);
    expect(read).toEqual([
      ['labtest.order.updated', { prefix: null, suffix: null, resource: null, inferredName: true }],
      ['labtest.order.created', { prefix: null, suffix: null, resource: null, inferredName: true }],
      [
        'daily.data.{resource}.created',
        { prefix: 'daily.data.', suffix: '.created', resource: null, inferredName: false },
      ],
    ]);
  });

  it('names the replacement of a deprecated event from x-svc-replaced-by, else from its description', () => {
    const { entries, warnings } = readCatalogue(
      specWith({
        'daily.timeseries.hypnogram.created': {
          post: { deprecated: true, 'x-svc-replaced-by': 'daily.data.sleep_cycle.created' },
        },
        'daily.timeseries.hypnogram.updated': {
          post: { deprecated: true, description: 'Replaced by `daily.data.sleep_cycle.created`.' },
        },
        'daily.timeseries.heart.created': { post: { deprecated: true } },
        'daily.data.sleep_cycle.created': { post: {} },
      }),
    );
    expect(Object.values(entries).map((entry) => [entry.deprecated, entry.replacedBy])).toEqual([
      [true, 'daily.data.sleep_cycle.created'],
      [true, 'daily.data.sleep_cycle.created'],
      [true, null],
      [false, null],
    ]);
    expect(warnings).toEqual([
      '"daily.timeseries.hypnogram.updated" is deprecated without x-svc-replaced-by; read "daily.data.sleep_cycle.created" from its description',
      '"daily.timeseries.heart.created" is deprecated and names no replacement (x-svc-replaced-by)',
    ]);
  });

  it.each([
    ['a webhook without post', { 'a.created': { put: {} } }, 'webhook "a.created" has no `post`'],
    ['a name without a dot', { created: { post: {} } }, 'webhook "created" is not a dotted event name'],
    [
      'a placeholder without the template mark',
      { 'daily.data.<resource>.created': { post: {} } },
      'x-svc-event-template and a <resource> placeholder must go together',
    ],
    [
      'a replacement that is not a webhook',
      { 'a.created': { post: { deprecated: true, 'x-svc-replaced-by': 'b.created' } } },
      'x-svc-replaced-by of "a.created" names "b.created", not a webhook',
    ],
  ])('refuses %s', (_, webhooks, message) => {
    expect(() => readCatalogue(specWith(webhooks))).toThrow(message);
  });

  it('refuses a spec without webhooks or without the SupportedResource enum', () => {
    expect(() => readCatalogue({ openapi: '3.1.0' })).toThrow('the bundled spec has no `webhooks`');
    expect(() => readCatalogue({ webhooks: { 'a.created': { post: {} } } })).toThrow(
      'no non-exhaustive enum `components.schemas.SupportedResource`',
    );
  });
});
