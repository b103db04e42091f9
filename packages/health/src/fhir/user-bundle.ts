import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText } from '../internal/date-time.js';

export interface BundleOptions {
  /**
   * `collection`: the resources as a set to read. `transaction`: to load into a FHIR server; each
   * entry is an update of the resource at its stable id (`PUT Observation/<id>`), so loading the same
   * bundle twice creates nothing twice, and a bundle of any size commits as one transaction (servers
   * that run conditional updates under serializable isolation cap how many a transaction may hold).
   */
  type: 'collection' | 'transaction';
  /** The bundle's `timestamp`, when you want one. */
  timestamp?: string | Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every `reference` of a resource that names a bundled resource, pointed at that entry's `urn:uuid:`. */
function pointAtEntries<T>(value: T, fullUrls: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => pointAtEntries(item, fullUrls)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      key === 'reference' && typeof inner === 'string'
        ? (fullUrls.get(inner) ?? inner)
        : pointAtEntries(inner, fullUrls);
  return out as T;
}

function subjectKey(resource: Resource): string | undefined {
  const subject = (resource as { subject?: unknown }).subject;
  return subject === undefined ? undefined : JSON.stringify(subject);
}

/**
 * One user's resources (from `labReportToFhir`, `timeseriesObservation`, `summaryObservations`) as one
 * Bundle. In a collection, entries reference each other by `urn:uuid:` full URLs; in a transaction, by
 * `Type/<id>`, each entry a `PUT` of its id. Throws ValidationError for a resource
 * without the id these builders give, and for resources about more than one subject.
 */
export function userBundle(resources: readonly Resource[], options: BundleOptions): Bundle {
  if (options.type !== 'collection' && options.type !== 'transaction')
    throw new ValidationError('type', 'must be collection or transaction');
  const subjects = new Set(resources.map(subjectKey).filter((key) => key !== undefined));
  if (subjects.size > 1)
    throw new ValidationError(
      'resources',
      `are about ${subjects.size} subjects: a user bundle holds one user's data`,
    );
  const fullUrls = new Map<string, string>();
  resources.forEach((resource, index) => {
    if (typeof resource.id !== 'string' || !UUID.test(resource.id))
      throw new ValidationError(
        `resources[${index}].id`,
        'must be a UUID (the builders of this package set one)',
      );
    fullUrls.set(`${resource.resourceType}/${resource.id}`, `urn:uuid:${resource.id}`);
  });
  const entry = resources.map((resource): BundleEntry => {
    if (options.type === 'collection')
      return { fullUrl: `urn:uuid:${resource.id}`, resource: pointAtEntries(resource, fullUrls) };
    // Every entry is addressed by its own id, so references stay `Observation/<id>` as they are.
    return { resource, request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` } };
  });
  return {
    resourceType: 'Bundle',
    type: options.type,
    ...(options.timestamp === undefined ? {} : { timestamp: instantText(options.timestamp, 'timestamp') }),
    entry,
  };
}
