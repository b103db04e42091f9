import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText } from '../internal/date-time.js';

export interface BundleOptions {
  /**
   * `collection`: the resources as a set to read. `transaction`: to load into a FHIR server; each
   * entry is a conditional update on its identifier (`PUT Observation?identifier=…`), so loading the
   * same bundle twice creates nothing twice.
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
 * Bundle. Entries reference each other by `urn:uuid:` full URLs. Throws ValidationError for a resource
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
    const fullUrl = `urn:uuid:${resource.id}`;
    const pointed = pointAtEntries(resource, fullUrls);
    if (options.type === 'collection') return { fullUrl, resource: pointed };
    const { id: _id, ...body } = pointed;
    const identifier = (resource as { identifier?: Array<{ system?: string; value?: string }> })
      .identifier?.[0];
    const request =
      identifier?.system && identifier.value
        ? {
            method: 'PUT' as const,
            url: `${resource.resourceType}?identifier=${encodeURIComponent(identifier.system)}|${encodeURIComponent(identifier.value)}`,
          }
        : { method: 'POST' as const, url: resource.resourceType };
    return { fullUrl, resource: body as Resource, request };
  });
  return {
    resourceType: 'Bundle',
    type: options.type,
    ...(options.timestamp === undefined ? {} : { timestamp: instantText(options.timestamp, 'timestamp') }),
    entry,
  };
}
