import { describe, expectTypeOf, it } from 'vitest';
import {
  type PayloadOf,
  parseEvent,
  type SupportedResource,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookEventOf,
} from '../../src/index.js';

declare const event: WebhookEvent;

describe('WebhookEvent types', () => {
  it('narrows to one event, with its payload, by switching on type', () => {
    if (event.type === 'provider.connection.created') {
      expectTypeOf(event.payload).toEqualTypeOf<PayloadOf<'provider.connection.created'>>();
      expectTypeOf(event.family).toEqualTypeOf<'provider.connection'>();
      expectTypeOf(event.phase).toEqualTypeOf<null>();
    }
    if (event.type === 'daily.data.steps.updated') {
      expectTypeOf(event.resource).toEqualTypeOf<'steps'>();
      expectTypeOf(event.phase).toEqualTypeOf<'daily'>();
      expectTypeOf(event.action).toEqualTypeOf<'updated'>();
      expectTypeOf(event.template).toEqualTypeOf<'daily.data.<resource>.updated'>();
      expectTypeOf(event.payload.data?.source?.provider).toEqualTypeOf<string | undefined>();
    }
  });

  it("issue 23: types the parsing job under a parsing event's data", () => {
    if (event.type === 'lab_report.parsing_job.updated') {
      expectTypeOf(event.payload.data?.id).toEqualTypeOf<string | undefined>();
      expectTypeOf<'completed'>().toExtend<NonNullable<NonNullable<typeof event.payload.data>['status']>>();
      expectTypeOf(event.payload.data?.results).toExtend<unknown[] | undefined>();
    }
  });

  it('names every resource of every data template', () => {
    expectTypeOf<`historical.data.${SupportedResource}.created`>().toExtend<WebhookEventName>();
    expectTypeOf<`daily.data.${SupportedResource}.created`>().toExtend<WebhookEventName>();
    expectTypeOf<`daily.data.${SupportedResource}.updated`>().toExtend<WebhookEventName>();
    expectTypeOf<'daily.data.brain_waves.updated'>().not.toExtend<WebhookEventName>();
  });

  it('narrows phased events by phase and resource', () => {
    if (event.type !== 'unknown' && event.phase === 'historical' && event.family === 'data') {
      expectTypeOf(event.action).toEqualTypeOf<'created'>();
      expectTypeOf(event.resource).toEqualTypeOf<SupportedResource>();
    }
  });

  it('types the hypnogram events as deprecated with their sleep_cycle replacement', () => {
    type Hypnogram = WebhookEventOf<'daily.timeseries.hypnogram.updated'>;
    expectTypeOf<Hypnogram['deprecated']>().toEqualTypeOf<true>();
    expectTypeOf<Hypnogram['replacedBy']>().toEqualTypeOf<'daily.data.sleep_cycle.updated'>();
    expectTypeOf<WebhookEventOf<'daily.data.sleep_cycle.updated'>['deprecated']>().toEqualTypeOf<false>();
  });

  it('types the unknown branch with the raw name and an open payload', () => {
    if (event.type === 'unknown') {
      expectTypeOf(event.name).toEqualTypeOf<string>();
      expectTypeOf(event.payload).toEqualTypeOf<{ readonly [field: string]: unknown }>();
    }
  });

  it('never requires is_final on historical data events', () => {
    type Historical = PayloadOf<'historical.data.sleep.created'>;
    expectTypeOf<{ data: { source: { provider: 'oura' } } }>().toExtend<Historical>();
    expectTypeOf<Record<never, never>>().toExtend<Historical>();
    expectTypeOf<{ is_final: true }>().toExtend<Historical>();
  });

  it('leaves the deprecated source fields optional, so code cannot depend on them', () => {
    const parsed = parseEvent('');
    if (parsed.type === 'daily.data.sleep.created') {
      const source = parsed.payload.data?.source;
      if (source) {
        expectTypeOf(source.provider).toEqualTypeOf<string | undefined>();
        // @ts-expect-error deprecated `name` may be absent: it cannot be used as a string.
        const name: string = source.name;
        // @ts-expect-error deprecated `slug` may be absent: read `provider` instead.
        const slug: string = source.slug;
        void [name, slug];
      }
    }
  });

  it('refuses a switch that covers every catalogue family but not the unknown branch', () => {
    // An unknown event's family is any string, so no list of the catalogue's families exhausts it.
    // @ts-expect-error TS2366: not all code paths return a value while `unknown` is unhandled.
    function handle(e: WebhookEvent): string {
      switch (e.family) {
        case 'data':
        case 'timeseries':
        case 'provider.connection':
        case 'lab_report.parsing_job':
        case 'labtest.order':
          return e.type;
      }
    }
    void handle;
  });

  it('accepts a switch once it handles the unknown branch', () => {
    function handle(e: WebhookEvent): string {
      switch (e.type) {
        case 'unknown':
          return `ignored ${e.name}`;
        case 'provider.connection.created':
        case 'lab_report.parsing_job.created':
        case 'lab_report.parsing_job.updated':
        case 'labtest.order.updated':
          return e.family;
      }
      switch (e.family) {
        case 'data':
        case 'timeseries':
          return e.type;
      }
    }
    expectTypeOf(handle).returns.toEqualTypeOf<string>();
  });
});
