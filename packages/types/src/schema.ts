import type { components } from './generated/openapi.js';

/** Name of a schema component of the spec, e.g. `"AppointmentRecord"`. */
export type SchemaName = keyof components['schemas'];

/** A schema component by name: `Schema<'UserRecord'>`. */
export type Schema<Name extends SchemaName> = components['schemas'][Name];
