import { readFileSync } from 'node:fs';
import { eachOperation, followRef, loadSpec, type OperationObject } from '@svc/spec';
import { describe, expect, it } from 'vitest';

const spec = loadSpec();
const generated = readFileSync(new URL('../../src/generated/openapi.ts', import.meta.url), 'utf8');
const operations = [...eachOperation(spec)].map((entry) => entry.operation);
const operation = (id: string) => operations.find((entry) => entry.operationId === id) as OperationObject;

/** The JSDoc block right before a member of the generated types. */
function jsDocBefore(member: RegExp): string {
  const match = member.exec(generated);
  if (!match) throw new Error(`${member} not found in the generated types`);
  const before = generated.slice(0, match.index);
  return before.slice(before.lastIndexOf('/**'));
}

describe('issue 11: the spec says what the document says, no more', () => {
  it('marks the PSC appointment read as an assumed operation, not an inferred path, and says so to partners', () => {
    const read = operation('getPscAppointment');
    expect(read['x-svc-assumed-operation']).toBe(true);
    expect(read['x-svc-inferred-path']).toBeUndefined();
    expect(read.description).toMatch(/^Assumed operation: the service may not offer this read/);
    expect(read.description).not.toMatch(/names this operation/);
    expect(jsDocBefore(/get: operations\["getPscAppointment"\]/)).toContain('Assumed operation');
  });

  it('marks no operation both assumed and inferred-path', () => {
    for (const entry of operations)
      expect(entry['x-svc-assumed-operation'] && entry['x-svc-inferred-path'], entry.operationId).toBeFalsy();
  });

  it('keeps start_date optional on every summary read and required on the timeseries read', () => {
    const startDate = (id: string) =>
      (operation(id).parameters ?? [])
        .map((parameter) => followRef(spec, parameter))
        .find((parameter) => parameter?.name === 'start_date');
    const summaries = operations.filter((entry) => /^get\w+Summary$/.test(entry.operationId ?? ''));
    expect(summaries).toHaveLength(6);
    for (const { operationId = '' } of summaries)
      expect(startDate(operationId)?.required, operationId).toBe(false);
    expect(startDate('getStepsGrouped')?.required).toBe(true);
  });

  it('keeps the lab account list open: a list or an object holding it', () => {
    const list = spec.components?.schemas?.LabAccountList;
    expect(list?.type).toBeUndefined();
    expect(list?.anyOf?.map((member) => member.type)).toEqual(['array', 'object']);
    expect(list?.anyOf?.[1]?.additionalProperties).toBe(true);
    expect(generated).toMatch(
      /export type LabAccountList = components\["schemas"\]\["LabAccount"\]\[\] \| \{/,
    );
  });

  it('accepts a number, a string or a list of them for lab_id', () => {
    expect(generated).toContain('labId: (number | string) | (number | string)[];');
  });

  it('says on the steps response that its points use the unit count', () => {
    const response = followRef(spec, operation('getStepsGrouped').responses?.['2XX']);
    const media = response?.content?.['application/json'];
    expect(media?.schema?.['x-svc-unit']).toBe('count');
    expect(media?.schema?.description).toContain('`unit` = `count`');
    // The example values are response data, typed by the generated types rather than by the spec's objects.
    type Grouped = { groups: Record<string, Array<{ data: Array<{ unit: unknown }> }>> };
    const examples = Object.values(media?.examples ?? {}).map(
      (example) => followRef(spec, example)?.value as Grouped,
    );
    const units = examples.flatMap((example) =>
      Object.values(example.groups)
        .flat()
        .flatMap((group) => group.data.map((point) => point.unit)),
    );
    expect(units.length).toBeGreaterThan(0);
    expect(new Set(units)).toEqual(new Set(['count']));
    // The point's unit stays generic (no const): other timeseries use other units.
    expect(spec.components?.schemas?.TimeseriesPoint?.properties?.unit?.const).toBeUndefined();
  });

  it('writes update_reason and the lab account status as open enums with their known values', () => {
    expect(generated).toContain('export type OrderUpdateReason = "INCORRECT_LAB" | (string & {});');
    expect(generated).toContain('export type LabAccountStatus = "PENDING" | (string & {});');
    expect(generated).toContain('update_reason?: components["schemas"]["OrderUpdateReason"] | undefined;');
    expect(generated).toContain('labAccountStatus: components["schemas"]["LabAccountStatus"];');
  });

  it('marks name, logo and slug of the summary source deprecated, and not provider', () => {
    const source = /export type SummarySource = \{([\s\S]*?)\n\} & \{/.exec(generated)?.[1] ?? '';
    const deprecated = (field: string) =>
      new RegExp(`@deprecated(?:(?!\\*/)[\\s\\S])*\\*/\\s*${field}\\?: string \\| undefined;`);
    for (const field of ['name', 'logo', 'slug']) expect(source, field).toMatch(deprecated(field));
    expect(source).toContain('provider?: string | undefined;');
    expect(source).not.toMatch(deprecated('provider'));
  });
});
