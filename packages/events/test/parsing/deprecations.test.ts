import { describe, expect, it } from 'vitest';
import {
  connectedProvider,
  isDeprecatedEvent,
  listEventNames,
  parseEvent,
  providerSlug,
  replacementOf,
} from '../../src/index.js';
import { exampleBody } from './fixture.js';

const hypnogram = listEventNames().filter((name) => name.includes('.timeseries.hypnogram.'));

describe('deprecated events', () => {
  it('flags the three hypnogram timeseries events as deprecated, each replaced by its sleep_cycle event', () => {
    expect(hypnogram.sort()).toEqual([
      'daily.timeseries.hypnogram.created',
      'daily.timeseries.hypnogram.updated',
      'historical.timeseries.hypnogram.created',
    ]);
    for (const name of hypnogram) {
      const event = parseEvent(exampleBody(name));
      const replacement = name.replace('.timeseries.hypnogram.', '.data.sleep_cycle.');
      expect(isDeprecatedEvent(event)).toBe(true);
      expect(event.replacedBy).toBe(replacement);
      expect(replacementOf(name)).toBe(replacement);
    }
  });

  it('flags no other event as deprecated', () => {
    const deprecated = listEventNames().filter((name) => isDeprecatedEvent(parseEvent(exampleBody(name))));
    expect(deprecated.sort()).toEqual(hypnogram.sort());
    expect(replacementOf('daily.data.sleep_cycle.created')).toBeUndefined();
    expect(replacementOf('no.such.event')).toBeUndefined();
  });
});

describe('provider slug', () => {
  it('reads the slug of a data event from $.data.source.provider', () => {
    const event = parseEvent(
      JSON.stringify({
        event_type: 'daily.data.sleep.created',
        data: { source: { provider: 'oura', type: 'ring', slug: 'old', name: 'Oura', logo: 'x' } },
      }),
    );
    expect(providerSlug(event)).toBe('oura');
  });

  it('never falls back to the deprecated source.slug, name or logo', () => {
    const event = parseEvent(
      JSON.stringify({
        event_type: 'daily.data.sleep.created',
        data: { source: { slug: 'oura', name: 'Oura' } },
      }),
    );
    expect(providerSlug(event)).toBeUndefined();
  });

  it('reads provider.connection.created from provider, as a slug or an object with a slug, never from source', () => {
    const parse = (data: object) =>
      parseEvent(JSON.stringify({ event_type: 'provider.connection.created', data }));
    const asText = parse({ provider: 'withings', source: { slug: 'old' } });
    const asObject = parse({ provider: { slug: 'withings', name: 'Withings' } });
    const onlySource = parse({ source: { slug: 'withings' } });
    expect(providerSlug(asText)).toBe('withings');
    expect(providerSlug(asObject)).toBe('withings');
    expect(providerSlug(onlySource)).toBeUndefined();
    if (onlySource.type !== 'provider.connection.created') throw new Error('expected a connection event');
    expect(connectedProvider(onlySource)).toBeUndefined();
    if (asObject.type !== 'provider.connection.created') throw new Error('expected a connection event');
    expect(connectedProvider(asObject)).toEqual({ slug: 'withings', name: 'Withings' });
  });
});

describe('historical data events', () => {
  it('parse with or without the removed is_final flag', () => {
    for (const extra of [{}, { is_final: true }, { is_final: false }]) {
      const event = parseEvent(
        JSON.stringify({ event_type: 'historical.data.workouts.created', ...extra, data: {} }),
      );
      expect(event.type).toBe('historical.data.workouts.created');
    }
  });
});
