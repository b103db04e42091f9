import { describe, expect, it } from 'vitest';
import {
  describeEvent,
  eventCatalogue,
  listEventNames,
  parseEvent,
  splitEventName,
  supportedResources,
} from '../../src/index.js';
import { bundledSpec, exampleBody, examplePayload } from './fixture.js';

const specKeys = Object.keys(bundledSpec.webhooks ?? {});
const templateKeys = specKeys.filter((key) => key.includes('<resource>'));
const concreteKeys = specKeys.filter((key) => !key.includes('<resource>'));

describe('event catalogue', () => {
  it('holds exactly the webhooks of the bundled spec and the values of its SupportedResource enum', () => {
    expect(Object.keys(eventCatalogue).sort()).toEqual([...specKeys].sort());
    expect([...supportedResources]).toEqual(
      bundledSpec.components?.schemas?.SupportedResource?.anyOf?.[0]?.enum,
    );
  });

  it('expands every template once per supported resource, and keeps every concrete event', () => {
    const names = new Set(listEventNames());
    for (const template of templateKeys) {
      for (const resource of supportedResources)
        expect(names).toContain(template.replace('<resource>', resource));
    }
    for (const key of concreteKeys) expect(names).toContain(key);
    const overlaps = concreteKeys.filter((key) =>
      templateKeys.some((t) => supportedResources.some((r) => t.replace('<resource>', r) === key)),
    );
    expect(names.size).toBe(
      templateKeys.length * supportedResources.length + concreteKeys.length - overlaps.length,
    );
  });

  it.each(listEventNames())('parses %s from an example into its own branch', (name) => {
    const event = parseEvent(exampleBody(name));
    expect(event.type).toBe(name);
    expect(event.name).toBe(name);
    expect(event.payload).toEqual(examplePayload(name));
    const { family, phase, resource, action } = splitEventName(name);
    expect({ family, phase, resource, action }).toEqual({
      family: event.family,
      phase: event.phase,
      resource: event.resource,
      action: event.action,
    });
  });

  it('splits phase, resource and action out of data event names', () => {
    expect(parseEvent(exampleBody('historical.data.steps.created'))).toMatchObject({
      type: 'historical.data.steps.created',
      family: 'data',
      phase: 'historical',
      resource: 'steps',
      action: 'created',
      template: 'historical.data.<resource>.created',
      deprecated: false,
    });
    expect(parseEvent(exampleBody('daily.data.sleep.updated'))).toMatchObject({
      phase: 'daily',
      resource: 'sleep',
      action: 'updated',
      template: 'daily.data.<resource>.updated',
    });
    expect(parseEvent(exampleBody('lab_report.parsing_job.updated'))).toMatchObject({
      family: 'lab_report.parsing_job',
      phase: null,
      resource: null,
      action: 'updated',
      template: null,
    });
  });

  it('takes a concrete spec entry over the template it also matches, and still names the template', () => {
    const described = describeEvent('daily.data.sleep_cycle.created');
    expect(described?.key).toBe('daily.data.sleep_cycle.created');
    expect(described?.template).toBe('daily.data.<resource>.created');
  });

  it('marks the order event, whose real name the document does not show, as an inferred name', () => {
    const inferred = listEventNames().filter((name) => describeEvent(name)?.inferredName);
    expect(inferred.length).toBeGreaterThan(0);
    for (const name of inferred) expect(describeEvent(name)?.family).toMatch(/order$/);
  });

  it('parses an order event whose events carry a null status_detail', () => {
    const [order] = listEventNames().filter((name) => describeEvent(name)?.family.endsWith('order'));
    const event = parseEvent(
      JSON.stringify({ event_type: order, data: { last_event: { status: 'x', status_detail: null } } }),
    );
    expect(event.type).toBe(order);
    expect(event.payload).toMatchObject({ data: { last_event: { status_detail: null } } });
  });
});
