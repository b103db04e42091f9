import { readdirSync, readFileSync } from 'node:fs';
import { ENVIRONMENTS } from '@svc/client';
import { LIFECYCLE_DIAGRAMS } from '@svc/sandbox/lifecycle-diagrams';
import { eachOperation, type OpenApiDocument } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { APPENDIX_TAG, collectExtensions } from '../../src/appendix.js';
import { computeSamples, readBundledSpec, samplesDir } from '../../src/reference-inputs.js';
import { LIFECYCLES_TAG } from '../../src/reference-spec.js';

const bundled = readBundledSpec();
const reference = JSON.parse(
  readFileSync(new URL('../../dist/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const operations = [...eachOperation(reference)]
  .map(({ operation }) => operation)
  .filter((operation) => typeof operation.operationId === 'string');

describe("the docs build's copy of the spec", () => {
  it('gives every operation a TypeScript and a curl sample', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      const samples = operation['x-codeSamples'] as Array<{ lang: string; source: string }>;
      expect(
        samples.map((sample) => sample.lang),
        String(operation.operationId),
      ).toEqual(['TypeScript', 'Shell']);
      expect(samples[0]?.source).toContain(`svc.${operation.operationId}(`);
      expect(samples[1]?.source).toMatch(/^curl /m);
    }
  });

  it('uses example values, never a bare "string" or a number placeholder', () => {
    for (const { typescript, curl } of computeSamples(bundled)) {
      expect(typescript).not.toMatch(/'string'/);
      expect(curl).not.toMatch(/=string\b|"string"/);
    }
  });

  it('has one committed, type-checked file per operation sample', () => {
    const files = readdirSync(samplesDir).sort();
    expect(files).toEqual(operations.map((operation) => `${operation.operationId}.ts`).sort());
  });

  it('lists every environment the client knows as a server, and the local sandbox and mock', () => {
    const urls = (reference.servers as Array<{ url: string }>).map((server) => server.url);
    for (const regions of Object.values(ENVIRONMENTS))
      for (const url of Object.values(regions)) expect(urls).toContain(url);
    expect(urls).toContain('http://127.0.0.1:4010');
    expect(urls).toContain('http://127.0.0.1:4011');
  });

  it('shows the API key as the authorization of every operation, not as a header parameter', () => {
    expect(reference.security).toEqual([{ apiKey: [] }]);
    expect(reference.components?.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'x-svc-api-key' },
    });
    const text = JSON.stringify(reference.paths);
    expect(text).not.toContain('"#/components/parameters/apiKey"');
  });

  it('lists every x-svc-* extension of the bundle in the appendix', () => {
    const appendix = reference.tags?.find((tag) => tag.name === APPENDIX_TAG);
    expect(appendix?.['x-traitTag']).toBe(true);
    const names = [...collectExtensions(bundled).keys()];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(appendix?.description).toContain(`\`${name}\``);
  });

  it('speaks to partners: no provenance phrases outside the x-svc-* extensions and the appendix', () => {
    const found: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        if (/interface document|\bsection \d/i.test(value)) found.push(`${path}: ${value.slice(0, 80)}`);
        return;
      }
      if (!value || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key.startsWith('x-svc-')) continue;
        walk(inner, `${path}/${key}`);
      }
    };
    const { tags, ...rest } = reference;
    walk(rest, '');
    walk(
      tags?.filter((tag) => tag.name !== APPENDIX_TAG),
      '/tags',
    );
    expect(found).toEqual([]);
  });
});

describe('issue 48: the lab lifecycles in the reference', () => {
  it('draws the order, appointment and parsing-job lifecycles from the sandbox machines, as generated', () => {
    const tag = (reference.tags ?? []).find((t) => t.name === LIFECYCLES_TAG);
    expect(tag?.['x-traitTag']).toBe(true);
    for (const lifecycle of ['order', 'phlebotomyAppointment', 'pscAppointment', 'parsingJob'] as const)
      expect(tag?.description).toContain(LIFECYCLE_DIAGRAMS[lifecycle].svg);
  });
});
