// Example payloads per event, taken from the bundled spec when it has one, otherwise the smallest body the
// spec's schemas describe. The envelope is not shown by the interface document, so `event_type` is added here.
import { followRef, loadSpec } from '@svc/spec';
import { describeEvent } from '../../src/index.js';

/** The bundled spec the catalogue was generated from (`pnpm --filter @svc/spec bundle`). */
export const bundledSpec = loadSpec();

/** Per event family, a body holding the fields the interface document shows for it. */
const smallest = (family: string): object => {
  if (family === 'data' || family === 'timeseries')
    return { data: { source: { provider: 'oura', type: 'ring' } } };
  if (family === 'provider.connection') return { data: { provider: 'oura' } };
  if (family.endsWith('order'))
    return { data: { events: [{ status_detail: null }], last_event: { status_detail: null } } };
  return { data: {} };
};

/** A payload object for `name`, with the event name in `event_type`. */
export function examplePayload(name: string): Record<string, unknown> {
  const described = describeEvent(name);
  const key = described?.key ?? name;
  const item = followRef(bundledSpec, bundledSpec.webhooks?.[key]);
  const media = followRef(bundledSpec, item?.post?.requestBody)?.content['application/json'];
  const fromSpec = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  const base =
    typeof fromSpec === 'object' && fromSpec !== null ? fromSpec : smallest(described?.family ?? '');
  return { ...base, event_type: name };
}

export const exampleBody = (name: string): string => JSON.stringify(examplePayload(name));
